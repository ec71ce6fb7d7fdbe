import FlowCore
import Foundation
import Testing

/// Reads flow files (paths relative to the package root) as one module, and names them by
/// those paths, wherever the tests run from.
func loadModule(_ paths: [String]) throws -> CheckResult {
  let inputs = try paths.map { path -> FlowInput in
    let data = try Data(contentsOf: packageRoot.appendingPathComponent(path))
    return .source(SourceFile(path: path, bytes: Array(data)))
  }
  return try Pipeline.check(inputs)
}

/// The diagram of a checked module, marked with its findings; one coordinator if `focus`.
func drawing(_ checked: CheckResult, focus: String? = nil) throws -> FlowDiagram {
  let graph = FlowGraph(module: checked.module)
  guard let focus else { return DiagramBuilder.diagram(of: graph, findings: checked.findings) }
  let index = try #require(checked.module.coordinatorIndex(named: focus))
  return DiagramBuilder.diagram(of: graph, focusingOn: index, findings: checked.findings)
}

/// Checks `yaml` (one file, `a.flow.yaml`) and draws it; one coordinator if `focus`.
func drawing(_ yaml: String, focus: String? = nil) throws -> FlowDiagram {
  try drawing(Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))]), focus: focus)
}

extension FlowDiagram {
  /// Each edge as `FROM -kind-> TO "label"`, by node ids, in drawing order.
  var edgeLines: [String] {
    edges.map { edge in
      var line = "\(nodes[edge.from].id) -\(edge.kind.rawValue)-> \(nodes[edge.to].id)"
      if !edge.label.isEmpty { line += " \"\(edge.label)\"" }
      if let payload = edge.payload { line += " (\(payload))" }
      if let style = edge.style { line += " [\(style.rawValue)]" }
      return line
    }
  }

  /// The node with this id.
  func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
}

/// The texts of an SVG's `<text>` elements, with XML entities decoded.
func svgTexts(_ svg: String) -> [String] {
  svgElements(svg, "text")
}

/// The contents of every `<name …>…</name>` element of an SVG, entities decoded, in order.
func svgElements(_ svg: String, _ name: String) -> [String] {
  var found: [String] = []
  var rest = svg[...]
  while let open = rest.range(of: "<\(name)") {
    guard let start = rest[open.upperBound...].firstIndex(of: ">"),
      let close = rest[start...].range(of: "</\(name)>")
    else { break }
    let tag = rest[open.upperBound..<start]
    if tag.first == " " || tag.isEmpty {
      found.append(decodeXML(rest[rest.index(after: start)..<close.lowerBound]))
    }
    rest = rest[close.upperBound...]
  }
  return found
}

/// The values of every `name="…"` attribute of an SVG, entities decoded, in order.
func svgAttributes(_ svg: String, _ name: String) -> [String] {
  var found: [String] = []
  var rest = svg[...]
  while let open = rest.range(of: " \(name)=\"") {
    guard let close = rest[open.upperBound...].firstIndex(of: "\"") else { break }
    found.append(decodeXML(rest[open.upperBound..<close]))
    rest = rest[close...]
  }
  return found
}

/// `text` with the XML entities Graphviz writes (`&amp;`, `&#45;`, …) decoded.
private func decodeXML(_ text: Substring) -> String {
  let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
  var result = ""
  var rest = text
  while let amp = rest.firstIndex(of: "&") {
    result += rest[..<amp]
    guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
    let entity = rest[rest.index(after: amp)..<semicolon]
    if let value = named[String(entity)] {
      result += value
    } else if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16),
      let scalar = Unicode.Scalar(code)
    {
      result.unicodeScalars.append(scalar)
    } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()),
      let scalar = Unicode.Scalar(code)
    {
      result.unicodeScalars.append(scalar)
    } else {
      result += "&" + entity + ";"
    }
    rest = rest[rest.index(after: semicolon)...]
  }
  return result + rest
}
