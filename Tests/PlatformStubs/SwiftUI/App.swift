// `App` and `Scene`, as the iOS 18 SDK declares them: `@MainActor @preconcurrency`
// protocols whose `body` is built by `SceneBuilder`, and whose `main()` an `@main` app
// inherits.

/// `App`: the structure of an app; `@main` on a conforming type makes it the entry point.
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

extension App {
  /// `main()`: initializes and runs the app.
  @MainActor @preconcurrency public static func main() {
    primitiveBody()
  }
}

/// `Scene`: a part of an app's user interface whose life the system manages.
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

/// `SceneBuilder`.
@resultBuilder public struct SceneBuilder {
  public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// `WindowGroup`: a scene that shows the same view in each of its windows.
@MainActor @preconcurrency
public struct WindowGroup<Content: View>: Scene {
  public nonisolated init(@ViewBuilder content: () -> Content) {}
  public var body: Never { primitiveBody() }
}
