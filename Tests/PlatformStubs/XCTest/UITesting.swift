@_exported import Foundation

// API-faithful stubs of the XCTest UI-testing surface that `flowc tests --kind xcuitest`
// writes, with the signatures and actor isolation of Xcode 16's SDK for iOS 18 (the
// XCUIAutomation classes, which `import XCTest` brings in, are `@MainActor`; `XCTestCase`
// and the assertions are not), built as a module named XCTest so that the generated UI tests
// type-check on Linux (UITestsTypeCheckTests). Nothing here runs a UI: what the tests do on a
// device only a device or a simulator can tell.

/// `open class XCTestCase : XCTest`: not isolated to an actor; a UI test marks its test
/// methods `@MainActor`, as Apple's examples do.
open class XCTestCase {
  /// `var continueAfterFailure: Bool { get set }`.
  open var continueAfterFailure = true

  public init() {}

  /// `func setUpWithError() throws`.
  open func setUpWithError() throws {}
}

/// `struct XCTSkip`: an error that skips the rest of a test, with a message.
public struct XCTSkip: Error {
  public let message: String?

  /// `init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line)`.
  public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
    self.message = message
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `func XCTAssertTrue(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure
/// () -> String = "", file: StaticString = #filePath, line: UInt = #line)`.
public func XCTAssertTrue(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt =
/// #line)`.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

/// `@MainActor protocol XCUIElementTypeQueryProvider`: the ready-made queries for
/// descendants of each type.
@MainActor
public protocol XCUIElementTypeQueryProvider {
  /// `var firstMatch: XCUIElement { get }`.
  var firstMatch: XCUIElement { get }
  /// `var buttons: XCUIElementQuery { get }`.
  var buttons: XCUIElementQuery { get }
  /// `var navigationBars: XCUIElementQuery { get }`.
  var navigationBars: XCUIElementQuery { get }
  /// `var tabBars: XCUIElementQuery { get }`.
  var tabBars: XCUIElementQuery { get }
  /// `var alerts: XCUIElementQuery { get }`.
  var alerts: XCUIElementQuery { get }
  /// `var sheets: XCUIElementQuery { get }`.
  var sheets: XCUIElementQuery { get }
  /// `var otherElements: XCUIElementQuery { get }`.
  var otherElements: XCUIElementQuery { get }
}

/// `@MainActor class XCUIElement`: a UI element of the application under test.
@MainActor
open class XCUIElement: NSObject, XCUIElementTypeQueryProvider {
  /// `enum ElementType: UInt, @unchecked Sendable`: the kinds of element (the ones the
  /// generated tests use, with `XCUIElementType`'s raw values).
  public enum ElementType: UInt, @unchecked Sendable {
    case any = 0
    case other = 1
    case application = 2
    case sheet = 5
    case alert = 7
    case button = 9
    case navigationBar = 21
    case tabBar = 22
  }

  override init() {}

  /// `var exists: Bool { get }`.
  open var exists: Bool { false }
  /// `func waitForExistence(timeout: TimeInterval) -> Bool`.
  open func waitForExistence(timeout: TimeInterval) -> Bool { false }
  /// `func tap()`.
  open func tap() {}
  /// `func swipeDown()`.
  open func swipeDown() {}
  /// `func swipeRight()`.
  open func swipeRight() {}
  /// `func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery`.
  open func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
    XCUIElementQuery()
  }

  open var firstMatch: XCUIElement { self }
  open var buttons: XCUIElementQuery { descendants(matching: .button) }
  open var navigationBars: XCUIElementQuery { descendants(matching: .navigationBar) }
  open var tabBars: XCUIElementQuery { descendants(matching: .tabBar) }
  open var alerts: XCUIElementQuery { descendants(matching: .alert) }
  open var sheets: XCUIElementQuery { descendants(matching: .sheet) }
  open var otherElements: XCUIElementQuery { descendants(matching: .other) }
}

/// `@MainActor class XCUIApplication`: a proxy that launches and stops the app under test.
@MainActor
open class XCUIApplication: XCUIElement {
  /// `init()`: the application Xcode's target settings name as the Target Application.
  public override init() {}

  /// `var launchArguments: [String] { get set }`.
  open var launchArguments: [String] = []
  /// `var launchEnvironment: [String : String] { get set }`.
  open var launchEnvironment: [String: String] = [:]

  /// `func launch()`.
  open func launch() {}
  /// `func terminate()`.
  open func terminate() {}
  /// `func open(_ url: URL)` (iOS 16.4): opens a URL with the application.
  open func open(_ url: URL) {}
}

/// `@MainActor class XCUIElementQuery`: the search criteria that find UI elements.
@MainActor
open class XCUIElementQuery: NSObject, XCUIElementTypeQueryProvider {
  override init() {}

  /// `subscript(key: String) -> XCUIElement { get }`: the element whose identifier, title,
  /// label, value or placeholder is `key`.
  open subscript(key: String) -> XCUIElement { XCUIElement() }
  /// `func element(boundBy index: Int) -> XCUIElement`.
  open func element(boundBy index: Int) -> XCUIElement { XCUIElement() }
  /// `var element: XCUIElement { get }`.
  open var element: XCUIElement { XCUIElement() }
  /// `var count: Int { get }`.
  open var count: Int { 0 }
  /// `func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery`.
  open func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
    XCUIElementQuery()
  }
  /// `func matching(identifier: String) -> XCUIElementQuery`.
  open func matching(identifier: String) -> XCUIElementQuery { XCUIElementQuery() }

  open var firstMatch: XCUIElement { XCUIElement() }
  open var buttons: XCUIElementQuery { descendants(matching: .button) }
  open var navigationBars: XCUIElementQuery { descendants(matching: .navigationBar) }
  open var tabBars: XCUIElementQuery { descendants(matching: .tabBar) }
  open var alerts: XCUIElementQuery { descendants(matching: .alert) }
  open var sheets: XCUIElementQuery { descendants(matching: .sheet) }
  open var otherElements: XCUIElementQuery { descendants(matching: .other) }
}
