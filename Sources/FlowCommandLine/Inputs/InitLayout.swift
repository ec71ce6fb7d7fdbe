import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `flowc init` puts a project's first flow file, so that `flowc check` and the build
/// plugin read the same files: in a SwiftPM package (a `Package.swift` in the directory),
/// inside a target, where the plugin reads flow files, with the configuration's `include`
/// naming that target's folder; elsewhere (an Xcode project, a folder of flows), in
/// `flows/`. The flow's schema line points at where the JSON Schema is in that layout.
struct InitLayout: Equatable {
  /// The flow file, relative to the project's directory.
  var flowFile: String
  /// What the configuration's `include` lists.
  var include: String
  /// The JSON Schema, relative to the flow file's folder.
  var schema: String
  /// The target the flow file is in, in a package.
  var target: String?

  /// The layout of the project in `directory` (`prefix` is its path with a trailing `/`, or
  /// empty for the working directory), the flow file in `target` when one is named.
  static func of(prefix: String, target: String?) throws(UsageError) -> InitLayout {
    let manifest = prefix + "Package.swift"
    guard FileSystem.kind(of: manifest) == .file else {
      if let target {
        throw UsageError(
          "--target names a target of a SwiftPM package, and '\(prefix.isEmpty ? "." : prefix)' "
            + "has no Package.swift; without it, the flows go in '\(Inputs.defaultDirectory)/' "
            + "(not '\(target)')", command: InitCommand.name)
      }
      return InitLayout(
        flowFile: "\(Inputs.defaultDirectory)/app.flow.yaml",
        include: Inputs.defaultDirectory,
        schema: "../.build/checkouts/flowc/Schemas/flow.schema.json", target: nil)
    }
    let targets = directories(in: prefix + "Sources")
    let chosen: String
    if let target {
      guard targets.contains(target) else {
        throw UsageError(
          "the package has no target folder 'Sources/\(target)'"
            + (targets.isEmpty ? "" : "; its targets: \(targets.joined(separator: ", "))"),
          command: InitCommand.name)
      }
      chosen = target
    } else {
      guard targets.count == 1, let only = targets.first else {
        throw UsageError(
          targets.isEmpty
            ? "the package has no target folder in 'Sources/': make the app's target first"
            : "the package has several targets (\(targets.joined(separator: ", "))): say which "
              + "reads the flows with --target NAME",
          command: InitCommand.name)
      }
      chosen = only
    }
    let folder = "Sources/\(chosen)"
    // From Sources/<target>/ up to the package.
    let up = "../../"
    let manifestText = (try? FileSystem.read(manifest, limit: 1 << 20)).flatMap { contents in
      if case .bytes(let bytes) = contents { String(decoding: bytes, as: UTF8.self) } else { nil }
    }
    return InitLayout(
      flowFile: "\(folder)/app.flow.yaml", include: folder,
      schema: schemaPath(manifest: manifestText ?? "", prefix: prefix, up: up), target: chosen)
  }

  /// Where the schema is, seen from a flow file `up` below the package: in flowc's folder
  /// for a path dependency on it (when the schema is there), in SwiftPM's checkout of
  /// `FlowcPlugins` or `flowc` otherwise.
  private static func schemaPath(manifest: String, prefix: String, up: String) -> String {
    let inPackage = "Schemas/flow.schema.json"
    // A path goes into the flow file's first line, a comment: none that could end it.
    for path in pathDependencies(in: manifest)
    where !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      let folder = path.hasSuffix("/") ? path : path + "/"
      let absolute = path.hasPrefix("/")
      guard FileSystem.kind(of: (absolute ? "" : prefix) + folder + inPackage) == .file else {
        continue
      }
      return (absolute ? "" : up) + folder + inPackage
    }
    let checkout = manifest.contains("FlowcPlugins") ? "FlowcPlugins" : "flowc"
    return up + ".build/checkouts/\(checkout)/" + inPackage
  }

  /// The `path:` of each `.package(path: …)` in a manifest, as written.
  static func pathDependencies(in manifest: String) -> [String] {
    var paths: [String] = []
    var rest = Substring(manifest)
    while let open = rest.firstRange(of: ".package(") {
      rest = rest[open.upperBound...]
      let call = rest.prefix { $0 != ")" }
      guard let key = call.firstRange(of: "path:") else { continue }
      let afterKey = call[key.upperBound...].drop { $0 == " " }
      guard afterKey.first == "\"" else { continue }
      let literal = afterKey.dropFirst().prefix { $0 != "\"" && $0 != "\n" }
      if !literal.isEmpty { paths.append(String(literal)) }
    }
    return paths
  }

  /// The names of the folders in `path`, sorted; none when it cannot be read.
  private static func directories(in path: String) -> [String] {
    guard let handle = opendir(path) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix("."), FileSystem.kind(of: path + "/" + name) == .directory else {
        continue
      }
      names.append(name)
    }
    return names.sorted()
  }
}
