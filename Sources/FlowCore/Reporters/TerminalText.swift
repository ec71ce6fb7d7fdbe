/// Flow text and paths made safe to show to a person, in a terminal or a CI log: the one
/// escaper of flowc's human-readable output.
///
/// Anyone who can open a pull request writes flow files and names the files they are in,
/// and what flowc prints lands in terminals, which obey escape sequences, and in CI logs,
/// whose runner obeys workflow commands at the start of a line. So every piece of outside
/// text a human-readable output quotes (paths, messages, which quote names, and excerpts)
/// passes through here exactly once, where it is written: messages and errors carry the
/// text as it is, and the line that prints them escapes it.
///
/// - A character that is not printable is written as Swift writes it, `\u{1B}`: the C0
///   controls (tab too, except in a quoted source line, below), DEL, the C1 controls, the
///   line and paragraph separators and the bidirectional controls.
/// - A backslash is doubled only where it would otherwise read as the start of such an
///   escape: before `u{` or before an escaped character. Every other backslash stays as
///   written, so `"a\nb"` in a flow file reads as written. The escape is unambiguous: in a
///   run of backslashes before `u{`, an odd count means the last one starts an escape.
/// - A line of output never begins, after blanks, with `::` or `##[`, which the GitHub
///   Actions runner reads as a workflow command: the first of those characters is escaped.
/// - A quoted line of a file (an excerpt under a finding, a line of a stale generated file)
///   keeps its tabs: they are its layout, and the caret line under an excerpt mirrors them.
/// - A name that is not UTF-8 (a file name read from the disk or from git) is made text by
///   ``decoding(_:)``, which writes each byte that is not UTF-8 as `\xNN` and leaves the
///   rest to be escaped with its message.
package enum TerminalText {
  /// Controls that a caller writes its own way, or keeps.
  package struct Kept: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// CR and LF, which workflow commands escape their own way (`%0D`, `%0A`).
    package static let lineBreaks = Kept(rawValue: 1)
    /// Tabs, in a quoted line of a file, where they are its layout.
    package static let tabs = Kept(rawValue: 2)
  }

  /// `text` with every character that is not printable escaped, for the middle of a line;
  /// what `keeping` names is left as it is.
  package static func printable(_ text: String, keeping: Kept = []) -> String {
    escaped(text, startsLine: false, keeping: keeping).text
  }

  /// `text` escaped as by ``printable(_:keeping:)``, for the start of a line: it is not
  /// read as a workflow command either.
  package static func lineStart(_ text: String, keeping: Kept = []) -> String {
    escaped(text, startsLine: true, keeping: keeping).text
  }

  /// The text of `bytes` that may not be UTF-8, such as a file name from the disk or from
  /// git: what is UTF-8 decoded, each byte that is not written `\xNN`. The result is text
  /// like any other, escaped with its message where it is printed; `\xNN` never comes from
  /// the escape itself, which writes `\u{…}`.
  package static func decoding(_ bytes: some Collection<UInt8>) -> String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var pending = Array(bytes)[...]
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        pending = pending.dropFirst(encoded.count)
      case .error(let length):
        for byte in pending.prefix(length) { text += "\\x" + hex(UInt32(byte)) }
        pending = pending.dropFirst(length)
      case .emptyInput:
        return text
      }
    }
  }

  /// Escaped text, and where each character of the original went, for lining up a caret.
  package struct Escaped: Equatable {
    /// The escaped text.
    package var text: String
    /// For each Unicode scalar of the original, and for its end, the offset in scalars of
    /// `text` where it starts; `nil` when each scalar stayed where it was (nothing was
    /// escaped), or when not asked for.
    private var map: [Int]?
    /// How many Unicode scalars the original has.
    package let originalCount: Int

    init(text: String, offsets map: [Int]?, originalCount: Int) {
      self.text = text
      self.map = map
      self.originalCount = originalCount
    }

    /// Where the scalar at `index` of the original (or its end, at `originalCount`) starts
    /// in `text`, in scalars.
    package func offset(of index: Int) -> Int { map?[index] ?? index }
  }

  /// `text` escaped; with `offsets`, also where each of its scalars went. Linear in `text`.
  package static func escaped(
    _ text: String, startsLine: Bool, keeping: Kept = [], offsets: Bool = false
  ) -> Escaped {
    let keepsTabs = keeping.contains(.tabs)
    if let count = plainASCIICount(text, startsLine: startsLine, keepsTabs: keepsTabs) {
      return Escaped(text: text, offsets: nil, originalCount: count)
    }
    return escapedScalars(text, startsLine: startsLine, keeping: keeping, offsets: offsets)
  }

  /// ``escaped(_:startsLine:keeping:offsets:)`` read as Unicode scalars, without its ASCII
  /// fast path (which tests compare with it).
  package static func escapedScalars(
    _ text: String, startsLine: Bool, keeping: Kept = [], offsets: Bool = false
  ) -> Escaped {
    let keepsBreaks = keeping.contains(.lineBreaks)
    let keepsTabs = keeping.contains(.tabs)
    let scalars = text.unicodeScalars
    let command = startsLine ? commandStart(of: scalars) : nil
    let needsEscape = { (scalar: Unicode.Scalar) in
      Self.needsEscape(scalar) && !(keepsBreaks && (scalar == "\n" || scalar == "\r"))
        && !(keepsTabs && scalar == "\t")
    }
    guard command != nil || scalars.contains(where: { needsEscape($0) || $0 == "\\" }) else {
      return Escaped(text: text, offsets: nil, originalCount: scalars.count)
    }
    var output = String.UnicodeScalarView()
    var map: [Int] = []
    if offsets { map.reserveCapacity(scalars.count + 1) }
    var written = 0
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\\" {
        // A whole run of backslashes at once, so that a long run costs linear time.
        var end = index
        while end < scalars.endIndex, scalars[end] == "\\" { end = scalars.index(after: end) }
        let width = startsEscape(scalars[end...], command: command, needsEscape) ? 2 : 1
        while index < end {
          if offsets { map.append(written) }
          for _ in 0..<width { output.append("\\") }
          written += width
          index = scalars.index(after: index)
        }
        continue
      }
      if offsets { map.append(written) }
      if index == command || needsEscape(scalar) {
        let escape = "\\u{" + hex(scalar.value) + "}"
        output.append(contentsOf: escape.unicodeScalars)
        written += escape.unicodeScalars.count
      } else {
        output.append(scalar)
        written += 1
      }
      index = scalars.index(after: index)
    }
    if offsets { map.append(written) }
    return Escaped(
      text: String(output), offsets: offsets ? map : nil, originalCount: scalars.count)
  }

  /// The length of `text` when it is printable ASCII that needs no escape at all, read as
  /// bytes: no control (but a tab, when `keepsTabs`), no DEL, no backslash, and, for the
  /// start of a line, no workflow command after the blanks. `nil` otherwise, and for any
  /// text with a byte beyond ASCII, which the general escape reads as Unicode scalars. Most
  /// paths, messages and lines of flow files are such text, and a report of many findings
  /// is mostly made of them.
  private static func plainASCIICount(
    _ text: String, startsLine: Bool, keepsTabs: Bool
  ) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      var leading = startsLine
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x20: break
        case 0x09 where keepsTabs: break
        case 0x21...0x7E where byte != UInt8(ascii: "\\"):
          if leading {
            leading = false
            let rest = bytes[index...]
            if rest.starts(with: "::".utf8) || rest.starts(with: "##[".utf8) { return nil }
          }
        default:
          // A control, DEL, a backslash or a byte beyond ASCII.
          return nil
        }
        index += 1
      }
      return bytes.count
    }
  }

  /// Whether `rest`, the text after a run of backslashes, would make the run read as an
  /// escape: it begins with `u{` or with a character that is escaped.
  private static func startsEscape(
    _ rest: Substring.UnicodeScalarView, command: String.Index?,
    _ needsEscape: (Unicode.Scalar) -> Bool
  ) -> Bool {
    let index = rest.startIndex
    guard index < rest.endIndex else { return false }
    if index == command || needsEscape(rest[index]) { return true }
    let next = rest.index(after: index)
    return rest[index] == "u" && next < rest.endIndex && rest[next] == "{"
  }

  /// The index of the first scalar after blanks when the text there begins a workflow
  /// command (`::` or the runner's older `##[`), or `nil`.
  private static func commandStart(of scalars: String.UnicodeScalarView) -> String.Index? {
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
      return nil
    }
    let rest = scalars[first...]
    return rest.starts(with: "::".unicodeScalars) || rest.starts(with: "##[".unicodeScalars)
      ? first : nil
  }

  /// Whether `scalar` is written as an escape: it is a control or invisible formatting
  /// that a terminal or a log viewer would act on instead of showing.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `value` in upper-case hexadecimal, at least two digits.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count < 2 ? "0" + digits : digits
  }
}
