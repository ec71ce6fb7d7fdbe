import FlowCore

/// The fuzzer's input read as a stream of choices: each byte decides one thing. Past the
/// end every choice is 0, the plain, valid choice, so a short input is a small clean module
/// and a mutation changes one decision.
struct Choices {
  private let bytes: ArraySlice<UInt8>
  private var position: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  /// Whether every byte has been read.
  var isExhausted: Bool { position >= bytes.endIndex }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    guard position < bytes.endIndex else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int { Int(byte()) % count }

  /// Whether the next byte is at least `threshold`: rare when the threshold is high.
  mutating func rarely(_ threshold: UInt8) -> Bool { byte() >= threshold }
}

/// Flow text built to break flowc's promises (docs/security.md): names, docs and paths that
/// hold comment delimiters, quotes, backslashes, line breaks, NUL, terminal escapes, GitHub
/// workflow commands, path traversal, very long text and Unicode that looks like something
/// else. Docs and paths carry a marker so that the harness can tell where they land in
/// generated Swift.
enum Hostile {
  /// Text in every docs of this list; a generated line that holds it must be a `///` line.
  static let docMarker = "ZQXDOC"
  /// Text in every path of this list; a generated line that holds it must be a comment.
  static let pathMarker = "ZQXPATH"

  /// Names that break every naming rule, or pass one and then break Swift, a file system,
  /// a terminal or a CI log.
  static let names: [String] = [
    "A/*", "*/", "B//c", "a /*", "`A`", "A\"B", "a'b", "A\\B", "A\nB", "a\nlet x = 1", "A\0",
    "\0", "../gitignore\0", "A\u{1B}[2J", "\u{1B}]0;pwned\u{07}", "a\u{07}", "A\u{7F}",
    "A\u{9B}31m", "A\u{85}B", "::error file=x,line=1::forged", "::warning::x",
    "%0A::error::x", "..", "../escaped", "A/B", "/abs", ".hidden", "A\rB", "A\tB", "A B",
    "a:b", "#A", "&a", "*a", "Swift", "FlowRuntime", "Never", "String", "Self", "Type",
    "default", "self", "init", "Ünïcødé", "Ⅻ", "A\u{2028}B", "A\u{202E}gpj", "A\u{FEFF}",
    "🙂", "e\u{301}", String(repeating: "A", count: 300), String(repeating: "é", count: 140),
    "A" + String(repeating: "b", count: 250),
  ]

  /// Docs that try to end their comment, break their line or reach a terminal.
  static let docs: [String] = [
    "Ends */ here \(docMarker).",
    "/* opens \(docMarker)",
    "first\n\(docMarker) second line */ let injected = 1 /*",
    "a\r\(docMarker) = 1",
    "a\r\n\(docMarker)\r\nb",
    "\u{1B}[31mred\u{1B}[0m \(docMarker)\u{07}",
    "::error file=x,line=1::\(docMarker)",
    "\n::warning::\(docMarker)",
    "x\u{2028}\(docMarker)()\u{2029}y",
    "x\u{0B}\(docMarker)\u{0C}\u{85}y",
    "\\(\(docMarker)) \"\"\" #\"",
    "tab\t\(docMarker)\0nul",
    String(repeating: "word ", count: 60) + docMarker + " */",
    String(repeating: "x", count: 400) + docMarker,
    "%0A\(docMarker)%0D",
    "",
  ]

  /// Paths of the second file, with line breaks, controls and comment delimiters.
  static let paths: [String] = [
    "dir\nlet injected = 1 // \(pathMarker).flow.yaml",
    "a\r\(pathMarker) = 1\r.flow.yaml",
    "\u{1B}]0;pwned\u{07}\(pathMarker).flow.yaml",
    "::error file=x::\(pathMarker).flow.yaml",
    "x\n::warning::\(pathMarker).flow.yaml",
    "%0A\(pathMarker).flow.yaml",
    "x*/\(pathMarker)/*.flow.yaml",
    "dir\u{2028}\(pathMarker).flow.yaml",
    "tab\t\(pathMarker).flow.yaml",
    "nul\0\(pathMarker).flow.yaml",
    "\u{7F}\u{85}\u{9B}\(pathMarker).flow.yaml",
    "../../\(pathMarker)/b.flow.yaml",
    String(repeating: "d/", count: 200) + "\(pathMarker).flow.yaml",
    "\(pathMarker).flow.yaml",
  ]

  /// `lint: ignore` lists that hide the findings that must still stop generation.
  static let ignores: [String] = [
    "[invalid-name, duplicate-name, unknown-reference, unhandled-result, schema]",
    "[type-mismatch, cannot-finish, unreachable-screen, \"::error::x\"]",
    "[\"a\\nb\", unused-suppression]",
  ]
}

/// A generator of valid-shaped flow modules with hostile content, driven by ``Choices``.
///
/// With every choice 0 the module checks without a finding: an entry coordinator starts
/// child coordinators (each started by an earlier one, so no cycle), each coordinator's
/// start screen pushes the others, which pop; children finish with their one result case,
/// which their parent handles. Each choice may swap a name for a hostile one (a finding,
/// mostly `invalid-name`), a doc for a hostile doc (no finding: docs reach generated Swift),
/// write a scalar unquoted (often a `yaml-syntax` error with a hostile excerpt), hide
/// findings with `lint: ignore`, or repeat a node hundreds of times (many findings in one
/// file). The module is split over two files; the second one's path is hostile.
struct HostileModule {
  /// The two files, the first at a plain path.
  var files: [SourceFile]

  init(_ choices: inout Choices) {
    var builder = Builder(choices: choices)
    files = builder.build()
    choices = builder.choices
  }

  private struct Builder {
    var choices: Choices
    var texts = ["version: 1\n", "version: 1\n"]

    mutating func build() -> [SourceFile] {
      let secondPath = choices.rarely(64) ? pick(Hostile.paths) : "b.flow.yaml"
      let many = choices.rarely(250)
      let coordinatorCount = many ? 100 + choices.below(200) : 1 + choices.below(12)
      let typeCount = choices.below(4)
      var types: [String] = []
      for index in 0..<typeCount {
        let file = choices.below(2)
        let name = upper("T\(index)")
        types.append(name)
        if !texts[file].contains("types:") { texts[file] += "types:\n" }
        texts[file] += "  \(name):\n"
        if choices.rarely(128) {
          texts[file] += "    enum: { \(lower("one")): ~, \(lower("two")): String }\n"
        } else {
          texts[file] += "    struct: { \(lower("field")): String, \(lower("count")): Int }\n"
        }
      }
      let names = (0..<coordinatorCount).map { upper("C\($0)") }
      let results = (0..<coordinatorCount).map { lower("r\($0)") }
      // Each child is started by one earlier coordinator.
      var children = [[Int]](repeating: [], count: coordinatorCount)
      for child in 1..<max(coordinatorCount, 1) {
        children[choices.below(child)].append(child)
      }
      var opened = ["coordinators:\n", "coordinators:\n"]
      for index in 0..<coordinatorCount {
        let file = index == 0 ? 0 : choices.below(2)
        texts[file] += opened[file]
        opened[file] = ""
        texts[file] += coordinator(
          index, names: names, results: results, children: children[index], types: types)
      }
      if choices.rarely(240) { texts[choices.below(2)] += pick(["---\n", "lint: x\n", "\t\n"]) }
      return [
        SourceFile(path: "a.flow.yaml", text: texts[0]),
        SourceFile(path: secondPath == "a.flow.yaml" ? "b.flow.yaml" : secondPath, text: texts[1]),
      ]
    }

    mutating func coordinator(
      _ index: Int, names: [String], results: [String], children: [Int], types: [String]
    ) -> String {
      var text = "  \(names[index]):\n"
      if let doc = doc() { text += "    doc: \(doc)\n" }
      if index == 0 {
        text += "    entry: true\n"
      } else {
        text += "    result: { \(results[index]): ~ }\n"
      }
      if choices.rarely(245) { text += "    lint: { ignore: \(pick(Hostile.ignores)) }\n" }
      // Rarely hundreds of screens, each a finding when its name is hostile.
      let screenCount = choices.rarely(252) ? 100 + choices.below(250) : 1 + choices.below(6)
      let screens = (0..<screenCount).map { upper("S\($0)") }
      text += "    start: \(screens[0])\n    screens:\n"
      let withDecision = choices.rarely(200)
      // The screens past the start one, each maybe with an input the start screen passes.
      let inputs: [String?] = screens.indices.map { number in
        !types.isEmpty && number > 0 && choices.rarely(160) ? pick(types) : nil
      }
      for (number, screen) in screens.enumerated() {
        text += "      \(screen):\n"
        if let doc = doc() { text += "        doc: \(doc)\n" }
        if let input = inputs[number] { text += "        input: \(input)\n" }
        var events: [String] = []
        if number == 0 {
          for (other, target) in screens.enumerated().dropFirst() {
            var event = "\(lower("go\(other)")): { "
            if let doc = doc() { event += "doc: \(doc), " }
            if let input = inputs[other] { event += "payload: \(input), " }
            events.append(event + "push: \(target) }")
          }
          for child in children {
            events.append(
              "\(lower("open\(child)")): { start: \(names[child]), style: push, "
                + "on: { \(results[child]): stay } }")
          }
          if withDecision { events.append("\(lower("ask")): { decide: \(upper("D0")) }") }
          if index > 0 { events.append("\(lower("end")): { finish: \(results[index]) }") }
        } else {
          events.append("back: pop")
        }
        guard !events.isEmpty else { continue }
        text += "        on:\n"
        for event in events { text += "          \(event)\n" }
      }
      if withDecision {
        text += "    decisions:\n      \(upper("D0")):\n"
        if let doc = doc() { text += "        doc: \(doc)\n" }
        text += "        cases: { \(lower("again")): stay"
        if screenCount > 1 { text += ", \(lower("onward")): { push: \(screens[1]) }" }
        text += " }\n"
      }
      return text
    }

    /// `valid`, or sometimes a hostile name, as YAML.
    mutating func upper(_ valid: String) -> String { name(valid) }
    mutating func lower(_ valid: String) -> String { name(valid) }

    mutating func name(_ valid: String) -> String {
      guard choices.rarely(224) else { return valid }
      return scalar(pick(Hostile.names))
    }

    /// Sometimes a doc, as YAML.
    mutating func doc() -> String? {
      guard choices.rarely(96) else { return nil }
      return scalar(pick(Hostile.docs))
    }

    /// `text` as a YAML scalar: double-quoted with escapes, or rarely as it is.
    mutating func scalar(_ text: String) -> String {
      choices.rarely(250) ? text : yamlQuoted(text)
    }

    mutating func pick(_ list: [String]) -> String { list[choices.below(list.count)] }
  }
}

/// `text` as a double-quoted YAML scalar: controls, line breaks, quotes and backslashes as
/// YAML escapes (`\0`, `\a`, `\e`, `\n`, `\x7F`, `\N`, `\L`), the rest as it is.
func yamlQuoted(_ text: String) -> String {
  var quoted = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": quoted += "\\\""
    case "\\": quoted += "\\\\"
    case "\0": quoted += "\\0"
    case "\u{07}": quoted += "\\a"
    case "\u{1B}": quoted += "\\e"
    case "\n": quoted += "\\n"
    case "\r": quoted += "\\r"
    case "\t": quoted += "\\t"
    case "\u{85}": quoted += "\\N"
    case "\u{2028}": quoted += "\\L"
    case "\u{2029}": quoted += "\\P"
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      let digits = Array("0123456789ABCDEF")
      quoted += "\\x\(digits[Int(scalar.value >> 4)])\(digits[Int(scalar.value & 0xF)])"
    default: quoted.unicodeScalars.append(scalar)
    }
  }
  return quoted + "\""
}
