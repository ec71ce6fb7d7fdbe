import FlowCore
import Testing

/// The Swift generated for one in-memory file `a.flow.yaml`, by file name; the file must
/// check without errors.
func generate(_ text: String, access: AccessLevel = .internal) throws -> [String: String] {
  let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: text))])
  let errors = checked.findings.filter { $0.severity == .error }
  try #require(errors.isEmpty, "\(described(errors))")
  let files = SwiftGenerator.generate(checked.resolved.graph, options: .init(access: access))
  return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
}
