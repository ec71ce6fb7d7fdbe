internal import CYaml

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading one file as YAML gave.
package enum YAMLDocument: Sendable {
  /// The file's (first) document: its tree and its root node.
  case document(YAMLTree, root: YAMLNode)
  /// The file holds no document at all: it is empty, or only comments.
  case empty
  /// The file could not be read as YAML, or broke a limit; the problems say why.
  case broken
}

/// Turns a file's bytes into located ``YAMLNode``s by streaming libyaml's parse events.
///
/// This is the only place that talks to libyaml. The event loop keeps its own stack
/// (no recursion, so no nesting overflows the stack), checks the depth and the alias
/// expansion as each event arrives (so that a hostile file stops in milliseconds), and
/// records libyaml's errors as ``FrontEndProblem``s at libyaml's position.
public enum YAMLParser {
  /// Parses the first YAML document of `file`, appending what is wrong to `problems`.
  package static func parse(
    _ file: SourceFile, limits: YAMLLimits = .standard, problems: inout [FrontEndProblem]
  ) -> YAMLDocument {
    if let refusal = refusal(of: file, limits: limits) {
      problems.append(refusal)
      return .broken
    }
    if file.bytes.count >= splitThreshold, let split = YAMLSplitter.parse(file, limits: limits) {
      return split
    }
    return parseWhole(file, limits: limits, problems: &problems)
  }

  /// Why `file` is not parsed at all: it is larger than `limits` allow, or UTF-16; `nil`
  /// when it is read.
  static func refusal(of file: SourceFile, limits: YAMLLimits) -> FrontEndProblem? {
    if file.bytes.count > limits.maxFileSize {
      return .fileTooLarge(file.path, size: file.bytes.count, limit: limits.maxFileSize)
    }
    if file.bytes.starts(with: [0xFF, 0xFE]) || file.bytes.starts(with: [0xFE, 0xFF]) {
      return FrontEndProblem(
        .encoding, "utf-16", "file is UTF-16; flow files must be UTF-8",
        at: .startOfFile(file.path))
    }
    return nil
  }

  /// Parses all of `file` in one stream.
  static func parseWhole(
    _ file: SourceFile, limits: YAMLLimits, problems: inout [FrontEndProblem]
  ) -> YAMLDocument {
    var builder = TreeBuilder(file: file, limits: limits)
    builder.run()
    problems.append(contentsOf: builder.problems)
    return builder.result
  }

  /// Files at least this large are cut into pieces parsed on all cores, when their shape
  /// allows it (see ``YAMLSplitter``).
  static let splitThreshold = 256 << 10

  /// Parses `range` of `file`'s bytes as a document of its own, whose first line is line
  /// `firstLine` of the file; `nil` when it is not plain, well-formed YAML within `limits`.
  static func parsePiece(
    _ file: SourceFile, range: Range<Int>, firstLine: Int, limits: YAMLLimits
  ) -> (tree: YAMLTree, root: YAMLNode)? {
    var builder = TreeBuilder(file: file, limits: limits, range: range, firstLine: firstLine)
    builder.run()
    guard builder.problems.isEmpty, case .document(let tree, let root) = builder.result else {
      return nil
    }
    return (tree, root)
  }
}

/// One collection being built: where its children start on the pending list, and what
/// it needs when it closes.
private struct Frame {
  var node: Int32
  var firstPending: Int
  var anchor: String?
  /// Nodes in the subtree so far, aliases counted at their expanded size.
  var size = 1
}

/// The event loop's state: the tree's arrays as they grow.
private struct TreeBuilder {
  let file: SourceFile
  let limits: YAMLLimits
  var problems: [FrontEndProblem] = []
  var result = YAMLDocument.empty

  private var records: [YAMLTree.Record] = []
  private var children: [YAMLNode] = []
  private var texts: [String] = []
  private var tags: [Int32: String] = [:]
  /// The finished children of the open collections, innermost last.
  private var pending: [YAMLNode] = []
  private var stack: [Frame] = []
  private var anchors: [String: (node: Int32, size: Int)] = [:]
  private var openAnchors: Set<String> = []
  private var aliasExpansion = 0
  private var documents = 0
  private var root: YAMLNode?

  /// The bytes parsed: the whole file after its byte order mark, or one piece of it.
  private let range: Range<Int>
  /// Added to libyaml's 0-based lines: 1 for a whole file.
  private let lineBase: Int
  /// The lines libyaml counts that the file does not have, or `nil` when it counts none.
  private let otherBreaks: YAMLLineBreaks?

  init(file: SourceFile, limits: YAMLLimits, range: Range<Int>? = nil, firstLine: Int = 1) {
    self.file = file
    self.limits = limits
    self.range = range ?? file.byteOrderMarkLength..<file.bytes.count
    self.lineBase = firstLine
    otherBreaks = YAMLLineBreaks(file.bytes, self.range)
    // Flow files hold about one node per 6 or 7 bytes, dense flow collections one per 3.
    // Reserving for one per 3 means the arrays seldom grow, and growing is what costs: a
    // copy, and for a moment both the old and the new array. Reserving more than is used
    // costs address space only: pages that are never written are never made resident
    // (measured: the tree of a 10.5 MB file peaks at 87 MB instead of 123 MB).
    let estimate = self.range.count / 3 + 16
    records.reserveCapacity(estimate)
    children.reserveCapacity(estimate)
    texts.reserveCapacity(estimate)
  }

  mutating func run() {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      report(.syntax, "out-of-memory", "out of memory", at: .startOfFile(file.path))
      result = .broken
      return
    }
    defer { yaml_parser_delete(&parser) }
    let bom = range.lowerBound
    let range = self.range
    file.bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !range.isEmpty else { return }  // no document
      yaml_parser_set_input_string(&parser, base + range.lowerBound, range.count)
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) == 1 else {
          reportError(of: parser, byteOrderMark: bom)
          return
        }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT || !handle(event) { break }
      }
    }
    if case .broken = result { return }
    if let root {
      let tree = YAMLTree(records: records, children: children, texts: texts, tags: tags)
      result = .document(tree, root: root)
    }
  }

  /// Handles one event; returns false to stop reading the file.
  private mutating func handle(_ event: yaml_event_t) -> Bool {
    let start = position(event.start_mark)
    let end = position(event.end_mark)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        report(
          .structure, "second-document",
          "a flow file holds one YAML document; this second document is not read",
          at: SourceRange(file: file.path, start: start, end: end))
        return false
      }
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let node = Int32(records.count)
      records.append(
        YAMLTree.Record(
          kind: style(scalar.style).rawValue, data: UInt32(texts.count), count: 0, start: start,
          end: end))
      texts.append(string(scalar.value, count: scalar.length))
      if let tag = optionalString(scalar.tag) { tags[node] = tag }
      if let anchor = optionalString(scalar.anchor) { anchors[anchor] = (node, 1) }
      attach(YAMLNode(node), size: 1)
    case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
      guard stack.count < limits.maxDepth else {
        report(
          .limit, "nesting-too-deep",
          "nesting is deeper than \(limits.maxDepth) levels; flowc stops reading the file here",
          at: SourceRange(file: file.path, start: start, end: end))
        result = .broken
        return false
      }
      let isMapping = event.type == YAML_MAPPING_START_EVENT
      let anchor = optionalString(
        isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
      let tag = optionalString(
        isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
      let node = Int32(records.count)
      records.append(
        YAMLTree.Record(
          kind: isMapping ? YAMLTree.mappingKind : YAMLTree.sequenceKind, data: 0, count: 0,
          start: start, end: end))
      if let tag { tags[node] = tag }
      if let anchor { openAnchors.insert(anchor) }
      stack.append(Frame(node: node, firstPending: pending.count, anchor: anchor))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = stack.popLast() else { return true }
      let index = Int(frame.node)
      records[index].data = UInt32(children.count)
      records[index].count = UInt32(pending.count - frame.firstPending)
      records[index].end = end
      children.append(contentsOf: pending[frame.firstPending...])
      pending.removeSubrange(frame.firstPending...)
      if let anchor = frame.anchor {
        openAnchors.remove(anchor)
        anchors[anchor] = (frame.node, frame.size)
      }
      attach(YAMLNode(frame.node), size: frame.size)
    case YAML_ALIAS_EVENT:
      let name = optionalString(event.data.alias.anchor) ?? ""
      let range = SourceRange(file: file.path, start: start, end: end)
      guard let anchored = anchors[name] else {
        let message =
          openAnchors.contains(name)
          ? "alias '*\(name)' refers to a node that contains it"
          : "alias '*\(name)' refers to no anchor '&\(name)' before it"
        report(.syntax, "undefined-alias", message, at: range)
        result = .broken
        return false
      }
      aliasExpansion += anchored.size
      guard aliasExpansion <= limits.maxAliasExpansion else {
        report(
          .limit, "alias-expansion",
          "aliases expand to more than \(limits.maxAliasExpansion) nodes; "
            + "flowc stops reading the file here",
          at: range)
        result = .broken
        return false
      }
      let node = Int32(records.count)
      records.append(
        YAMLTree.Record(
          kind: YAMLTree.aliasKind, data: UInt32(anchored.node), count: 0, start: start, end: end))
      attach(YAMLNode(node), size: anchored.size)
    default:
      break
    }
    return true
  }

  /// Adds a finished node to the collection being built, or makes it the document's root.
  private mutating func attach(_ node: YAMLNode, size: Int) {
    guard !stack.isEmpty else {
      root = node
      return
    }
    stack[stack.count - 1].size += size
    pending.append(node)
  }

  /// Records `message`, a problem of `kind` at `range`.
  private mutating func report(
    _ kind: FrontEndProblem.Kind, _ name: String, _ message: String, at range: SourceRange
  ) {
    problems.append(FrontEndProblem(kind, name, "\(message)", at: range))
  }

  /// Records libyaml's error as a problem at the position libyaml gives: an `encoding`
  /// problem for what its reader rejects, a `syntax` problem otherwise.
  private mutating func reportError(of parser: yaml_parser_t, byteOrderMark: Int) {
    result = .broken
    let problem = optionalString(parser.problem) ?? "malformed YAML"
    switch parser.error {
    case YAML_READER_ERROR:
      let offset = byteOrderMark + parser.problem_offset
      let at = SourceText(file).position(ofByteOffset: offset)
      let range = SourceRange(file: file.path, start: at, end: at)
      let byte = offset < file.bytes.count ? file.bytes[offset] : 0
      if problem.hasPrefix("control characters") {
        report(
          .encoding, "control-character",
          "control character \(hex(byte)) is not allowed in a flow file", at: range)
      } else {
        report(
          .encoding, "not-utf-8", "file is not valid UTF-8: \(problem) \(hex(byte))", at: range)
      }
    case YAML_MEMORY_ERROR:
      report(.syntax, "out-of-memory", "out of memory", at: .startOfFile(file.path))
    default:
      let at = position(parser.problem_mark)
      let context = optionalString(parser.context)
      let contextAt = position(parser.context_mark)
      if let mistake = YAMLMistake(problem, at: at, context: context, at: contextAt, in: file) {
        problems.append(
          FrontEndProblem(
            .syntax, mistake.name, "\(mistake.message)", at: mistake.range, notes: mistake.notes))
        return
      }
      var message = "invalid YAML: \(problem)"
      if let context {
        message += " (\(context) at line \(contextAt.line), column \(contextAt.column))"
      }
      report(.syntax, "invalid", message, at: SourceRange(file: file.path, start: at, end: at))
    }
  }

  /// The position of libyaml's `mark` (0-based, in libyaml's lines) in the file's lines.
  private func position(_ mark: yaml_mark_t) -> SourcePosition {
    var line = Int(mark.line)
    var column = Int(mark.column)
    if let otherBreaks { (line, column) = otherBreaks.fileLine(line, column) }
    return SourcePosition(line: line + lineBase, column: column + 1)
  }
}

/// The lines libyaml sees that the file does not have. libyaml counts YAML 1.1's line
/// breaks, among them NEL (C2 85), LS (E2 80 A8) and PS (E2 80 A9); an editor, LSP and
/// ``SourceText`` end lines only at `\n`, `\r\n` and `\r`, so that a position after one of
/// those three characters is on the line the user sees, one column after it.
struct YAMLLineBreaks {
  /// Each such character, in order: the 0-based line libyaml starts after it, and the
  /// 0-based column, in characters of the file's line, just past it.
  private var breaks: [(line: Int, column: Int)] = []

  /// The breaks in `range` of `bytes`, or `nil` when it holds none (the usual case, which
  /// costs a `memchr` for each of their two first bytes).
  init?(_ bytes: [UInt8], _ range: Range<Int>) {
    let found = bytes.withUnsafeBufferPointer { buffer -> [(line: Int, column: Int)] in
      guard Self.mayHoldOne(buffer, range) else { return [] }
      var breaks: [(line: Int, column: Int)] = []
      var line = 0
      var column = 0
      var index = range.lowerBound
      while index < range.upperBound {
        let byte = buffer[index]
        if byte == 0x0A || byte == 0x0D {
          let crlf = byte == 0x0D && index + 1 < range.upperBound && buffer[index + 1] == 0x0A
          index += crlf ? 2 : 1
          line += 1
          column = 0
          continue
        }
        let width = Self.otherBreakWidth(buffer, at: index, before: range.upperBound)
        if width > 0 {
          line += 1
          column += 1
          breaks.append((line, column))
          index += width
          continue
        }
        if byte & 0xC0 != 0x80 { column += 1 }
        index += 1
      }
      return breaks
    }
    guard !found.isEmpty else { return nil }
    breaks = found
  }

  /// The file's 0-based line and column of libyaml's 0-based `line` and `column`.
  func fileLine(_ line: Int, _ column: Int) -> (line: Int, column: Int) {
    // The number of breaks before libyaml's line, and the last of them.
    var low = 0
    var high = breaks.count
    while low < high {
      let middle = (low + high) / 2
      if breaks[middle].line <= line { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return (line, column) }
    let last = breaks[low - 1]
    return (line - low, last.line == line ? last.column + column : column)
  }

  /// Whether NEL, LS or PS is in the range, found by `memchr` on their first bytes, which
  /// a file of ASCII does not hold at all.
  private static func mayHoldOne(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    guard let base = buffer.baseAddress else { return false }
    for lead: UInt8 in [0xC2, 0xE2] {
      var index = range.lowerBound
      while index < range.upperBound,
        let found = memchr(base + index, Int32(lead), range.upperBound - index)
      {
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if otherBreakWidth(buffer, at: index, before: range.upperBound) > 0 { return true }
        index += 1
      }
    }
    return false
  }

  /// The length of the NEL, LS or PS at `index`, or 0.
  private static func otherBreakWidth(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, before end: Int
  ) -> Int {
    switch buffer[index] {
    case 0xC2 where index + 1 < end && buffer[index + 1] == 0x85:
      return 2
    case 0xE2
    where index + 2 < end && buffer[index + 1] == 0x80 && buffer[index + 2] & 0xFE == 0xA8:
      return 3
    default:
      return 0
    }
  }
}

private func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
}

private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
  guard let pointer else { return "" }
  return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
}

private func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
  guard let pointer else { return nil }
  return String(cString: pointer)
}

private func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
  guard let pointer else { return nil }
  return String(cString: pointer)
}

private func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
  switch style {
  case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
  case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
  case YAML_LITERAL_SCALAR_STYLE: return .literal
  case YAML_FOLDED_SCALAR_STYLE: return .folded
  default: return .plain
  }
}
