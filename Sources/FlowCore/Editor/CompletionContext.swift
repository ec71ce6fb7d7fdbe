/// Where a cursor stands in the text of a flow file, read from the text itself, which is
/// mid-edit and need not parse: the keys of the mappings around it, outermost first, and
/// whether it is at a key or at the value of one.
///
/// Block structure comes from indentation (a key belongs to the nearest line above that is
/// indented less, a `- ` item to the key above its dash); flow mappings (`{ … }`) are read on
/// the cursor's line. A flow mapping spread over several lines above is not followed.
struct CompletionContext: Equatable {
  /// One mapping around the cursor: the key whose value it is, and the pairs written beside
  /// that key in its own mapping (`start: Auth` beside `on`), by key, values as written.
  struct Level: Equatable {
    var key: String
    var siblings: [String: String]
  }

  /// The mappings around the cursor, outermost first: `coordinators`, `App`, `screens`, …;
  /// `-` stands for a list item.
  var path: [Level]
  /// The key whose value the cursor is at; `nil` at a key.
  var valueOf: String?
  /// The pairs already written in the cursor's own mapping, by key.
  var pairs: [String: String]
  /// The part of a name written before the cursor.
  var partial: String
  /// At a value, what is written of it before ``partial``, trimmed of spaces and quotes:
  /// `Shop.` in `to: Shop.Pro‸`.
  var valuePrefix = ""

  /// The keys of the path.
  var keys: [String] { path.map(\.key) }

  /// The context of column `character` (UTF-16) of 0-based line `line` of `text`.
  init(text: SourceText, line: Int, character: Int) {
    var prefix: [Unicode.Scalar] = []
    var units = 0
    for scalar in text.text(ofEditorLine: line) {
      guard units + scalar.utf16.count <= character else { break }
      units += scalar.utf16.count
      prefix.append(scalar)
    }
    var cut = prefix.count
    while cut > 0, Self.isNameScalar(prefix[cut - 1]) { cut -= 1 }
    partial = String(String.UnicodeScalarView(prefix[cut...]))
    let before = Array(prefix[..<cut])

    // The cursor's own line: its indentation, and the flow mappings open before the cursor.
    let own = Self.lineShape(before)
    let flow = FlowScan(before[own.keyColumn...])
    var blockIndent = own.keyColumn
    var blockLevels: [Level] = []
    var ownPairs: [String: String] = [:]
    var inSequence = false
    if let dash = own.dashColumn {
      // `- ‸` or `- start: ‸`: in an item of a list.
      blockLevels.append(Level(key: "-", siblings: [:]))
      blockIndent = dash
      inSequence = true
    }
    // Up the lines above, to the top level.
    var above = line - 1
    while above >= 0, blockIndent > 0 || inSequence {
      // Deeper lines (the bodies of earlier siblings) are skipped by their bytes alone, so
      // that walking up a file of many coordinators decodes only the lines that matter.
      guard let indentation = text.indentation(ofEditorLine: above), indentation <= blockIndent
      else {
        above -= 1
        continue
      }
      let scalars = Array(text.text(ofEditorLine: above))
      above -= 1
      let shape = Self.lineShape(scalars)
      guard let key = shape.key else { continue }
      let pair = (key, shape.value)
      if inSequence {
        if shape.dashColumn == blockIndent { continue }  // another item of the same list
        guard shape.keyColumn <= blockIndent, shape.dashColumn == nil else { continue }
        blockLevels.append(Level(key: key, siblings: [key: shape.value]))
        blockIndent = shape.keyColumn
        inSequence = false
        continue
      }
      if shape.keyColumn == blockIndent {
        if blockLevels.isEmpty {
          ownPairs[pair.0] = pair.1
        } else {
          blockLevels[blockLevels.count - 1].siblings[pair.0] = pair.1
        }
        if let dash = shape.dashColumn {
          blockLevels.append(Level(key: "-", siblings: [:]))
          blockIndent = dash
          inSequence = true
        }
      } else if shape.keyColumn < blockIndent {
        blockLevels.append(Level(key: key, siblings: [key: shape.value]))
        blockIndent = shape.keyColumn
        if let dash = shape.dashColumn {
          blockLevels.append(Level(key: "-", siblings: [:]))
          blockIndent = dash
          inSequence = true
        }
      }
    }
    path = blockLevels.reversed() + flow.levels
    if flow.levels.isEmpty {
      pairs = ownPairs.merging(flow.pairs) { $1 }
    } else {
      pairs = flow.pairs
    }
    valueOf = flow.afterColon ? flow.lastKey : nil
    if valueOf != nil { valuePrefix = Self.unquoted(flow.value) }
    if valueOf != nil { pairs[valueOf ?? ""] = nil }
  }

  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
  }

  /// The shape of one line of block YAML: where its `- ` and first key are, the key and
  /// its value as written (up to a comment).
  private static func lineShape(_ scalars: [Unicode.Scalar]) -> (
    dashColumn: Int?, keyColumn: Int, key: String?, value: String
  ) {
    var index = 0
    while index < scalars.count, scalars[index] == " " { index += 1 }
    var dash: Int?
    if index < scalars.count, scalars[index] == "-",
      index + 1 == scalars.count || scalars[index + 1] == " "
    {
      dash = index
      index += 1
      while index < scalars.count, scalars[index] == " " { index += 1 }
    }
    let keyColumn = index
    var end = index
    while end < scalars.count, scalars[end] != ":", scalars[end] != "#", scalars[end] != "{" {
      end += 1
    }
    guard end < scalars.count, scalars[end] == ":", end > keyColumn,
      end + 1 == scalars.count || scalars[end + 1] == " "
    else { return (dash, keyColumn, nil, "") }
    let key = unquoted(String(String.UnicodeScalarView(scalars[keyColumn..<end])))
    var value = String(String.UnicodeScalarView(scalars[(end + 1)...]))
    if let comment = value.firstIndex(of: "#") { value = String(value[..<comment]) }
    return (dash, keyColumn, key, unquoted(value))
  }

  /// `text` trimmed of spaces and of the quotes around it.
  static func unquoted(_ text: String) -> String {
    var trimmed = Substring(text)
    while trimmed.first == " " { trimmed = trimmed.dropFirst() }
    while trimmed.last == " " { trimmed = trimmed.dropLast() }
    if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'",
      trimmed.last == first
    {
      trimmed = trimmed.dropFirst().dropLast()
    }
    return String(trimmed)
  }
}

/// The flow mappings open on one line before the cursor: `login: { start: Auth, on: { ‸`
/// has `login` and `on` open, with `start: Auth` beside `on`.
private struct FlowScan {
  /// The mappings opened and not closed, outermost first.
  var levels: [CompletionContext.Level] = []
  /// The pairs of the innermost open mapping (or of the line, outside any) so far.
  var pairs: [String: String] = [:]
  /// The last key written in it.
  var lastKey: String?
  /// Whether the cursor is after that key's colon (at its value).
  var afterColon = false
  /// What is written of that value, when ``afterColon``.
  var value = ""

  init(_ scalars: ArraySlice<Unicode.Scalar>) {
    var word = ""
    var quote: Unicode.Scalar?
    var stack: [[String: String]] = []
    var previous: Unicode.Scalar = " "
    for scalar in scalars {
      if let open = quote {
        if scalar == open { quote = nil } else { word.unicodeScalars.append(scalar) }
        previous = scalar
        continue
      }
      switch scalar {
      case "\"", "'":
        quote = scalar
      case ":":
        lastKey = CompletionContext.unquoted(word)
        word = ""
        afterColon = true
        value = ""
      case "{":
        levels.append(CompletionContext.Level(key: lastKey ?? "", siblings: pairs))
        stack.append(pairs)
        pairs = [:]
        lastKey = nil
        afterColon = false
        word = ""
      case "}":
        if afterColon, let key = lastKey { pairs[key] = CompletionContext.unquoted(value) }
        // The closed mapping is the value of the key that opened it, in the mapping
        // around it: `done` of `{ done: { push: Home }, ‸ }` is written.
        let closed = levels.popLast()
        pairs = stack.popLast() ?? [:]
        if let key = closed.map(\.key) ?? lastKey, !key.isEmpty { pairs[key] = "{…}" }
        afterColon = false
        lastKey = nil
        word = ""
      case ",":
        if afterColon, let key = lastKey { pairs[key] = CompletionContext.unquoted(value) }
        afterColon = false
        lastKey = nil
        word = ""
      case "#" where previous == " ":
        return
      default:
        if afterColon {
          value.unicodeScalars.append(scalar)
        } else {
          word.unicodeScalars.append(scalar)
        }
      }
      previous = scalar
    }
    if afterColon, let key = lastKey {
      let written = CompletionContext.unquoted(value)
      if !written.isEmpty { pairs[key] = written }
    }
  }
}
