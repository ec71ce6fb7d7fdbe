/// The help text of a command, derived from its ``CommandSyntax``: the usage line from its
/// options, a line per option (a line per word of a choice), the exit statuses.
package enum Help {
  /// The widest line of help: every text is wrapped to it.
  static let width = 88

  /// The row of `-h, --help`, which every command takes.
  package static let helpOption = ("-h, --help", "Show this help")

  /// The text of `flowc help <name>`.
  package static func text(of syntax: CommandSyntax, command name: String) -> String {
    var sections = [wrap("OVERVIEW: " + syntax.overview), usage(of: syntax, command: name)]
    let options =
      syntax.options.map { option in
        ((option.shortName.map { $0 + ", " } ?? "") + option.name, description(of: option))
      } + [helpOption]
    let arguments = syntax.positional.map { [($0.name, $0.help)] } ?? []
    // Arguments and options share one column.
    let column = (arguments + options).map { $0.0.count }.max().map { $0 + 4 }
    if !arguments.isEmpty { sections.append("ARGUMENTS:\n" + table(arguments, at: column)) }
    sections.append("OPTIONS:\n" + table(options, at: column))
    if let discussion = syntax.discussion { sections.append(wrap(discussion)) }
    if !syntax.exitStatuses.isEmpty {
      let statuses = syntax.exitStatuses.map { ("\($0.0.rawValue)", $0.1) }
      sections.append("EXIT STATUS:\n" + table(statuses))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Rows of `label` and text, the texts aligned two spaces after the widest label (or at
  /// `column`, when given) and wrapped there.
  package static func table(_ rows: [(String, String)], at column: Int? = nil) -> String {
    let column = column ?? (rows.map { $0.0.count }.max() ?? 0) + 4
    return rows.map { label, text in
      let lead = "  " + label
      let gap = String(repeating: " ", count: max(column - lead.count, 2))
      return wrap(lead + gap + text, indent: max(column, lead.count + 2))
    }.joined(separator: "\n")
  }

  /// `text` wrapped at spaces to ``width``, every line but the first indented by `indent`
  /// spaces; a line break in `text` is kept, and the line after it indented too.
  package static func wrap(_ text: String, indent: Int = 0) -> String {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      var line = index == 0 ? "" : margin
      var lineHasWord = false
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        if lineHasWord && line.count + 1 + word.count > width {
          lines.append(line)
          line = margin
          lineHasWord = false
        }
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: Usage

  /// `USAGE: flowc check [PATH...] [--format text|json] ...`, wrapped under the command's
  /// name, and a line for each alternative option.
  private static func usage(of syntax: CommandSyntax, command name: String) -> String {
    let lead = "flowc \(name)"
    let paths = syntax.positional.map { ["[\($0.name)\($0.repeats ? "..." : "")]"] } ?? []
    let main = syntax.options.filter { $0.usage != .alternative }.map(fragment)
    var lines = [aligned(paths + main, after: "USAGE: " + lead)]
    for option in syntax.options where option.usage == .alternative {
      lines.append(aligned(paths + [fragment(option), "[...]"], after: "       " + lead))
    }
    return lines.joined(separator: "\n")
  }

  /// `lead` and the fragments, wrapped, each line after the first starting under the first
  /// fragment.
  private static func aligned(_ fragments: [String], after lead: String) -> String {
    let margin = String(repeating: " ", count: lead.count + 1)
    var lines: [String] = []
    var line = lead
    for fragment in fragments {
      if line.count > margin.count && line.count + 1 + fragment.count > width {
        lines.append(line)
        line = margin + fragment
      } else {
        line += " " + fragment
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// How the usage line shows `option`: `[--format text|json]`, `--output DIR`,
  /// `[--severity RULE=LEVEL]...`.
  private static func fragment(_ option: Option) -> String {
    let text: String
    var repeated = false
    switch option.value {
    case .none: text = option.name
    case .single(let placeholder): text = "\(option.name) \(placeholder)"
    case .repeatable(let placeholder):
      text = "\(option.name) \(placeholder)"
      repeated = true
    case .choice(let choices): text = option.name + " " + choices.map(\.name).joined(separator: "|")
    }
    let shown = option.usage == .optional ? "[\(text)]" : text
    return repeated ? shown + "..." : shown
  }

  // MARK: Options

  /// What the help says of `option`: its help and default, or a line per word of a choice.
  private static func description(of option: Option) -> String {
    switch option.value {
    case .none, .single, .repeatable:
      return option.help + (option.defaultDescription.map { " (default: \($0))" } ?? "")
    case .choice(let choices):
      func label(_ choice: Option.Choice) -> String {
        choice.name + (choice.isDefault ? " (default)" : "")
      }
      guard choices.allSatisfy({ $0.help != nil }) else {
        return list(choices.map(label)) + ": " + option.help
      }
      return choices.map { label($0) + ": " + ($0.help ?? "") }.joined(separator: "\n")
    }
  }

  /// `a`, `a or b`, `a, b or c` (or `and`).
  package static func list(_ words: [String], conjunction: String = "or") -> String {
    words.listed(conjunction: conjunction)
  }
}
