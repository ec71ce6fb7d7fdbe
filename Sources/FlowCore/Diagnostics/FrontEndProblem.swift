/// A problem the front end (the YAML layer and the decoder) found while reading one file:
/// what kind of problem, what it says, and where.
///
/// The front end reports problems as data and knows nothing of rules; the check turns each
/// into a finding of the rule for its kind, in one place (`Driver/FrontEndFindings.swift`).
package struct FrontEndProblem: Hashable, Sendable {
  /// What kind of problem it is; each kind is reported by one rule.
  package enum Kind: Hashable, Sendable, CaseIterable {
    /// The bytes are not text a flow file may hold: UTF-16, bytes that are not UTF-8, or a
    /// control character.
    case encoding
    /// libyaml cannot read the text as YAML (or ran out of memory reading it), or an alias
    /// names no anchor before it.
    case syntax
    /// The file breaks one of the ``YAMLLimits`` (its size, its nesting, its alias
    /// expansion), so the front end stops reading it.
    case limit
    /// The file does not start with the language version: it is empty, or its `version`
    /// is missing, not an integer, or not 1. Such a file does not join the module.
    case version
    /// Well-formed YAML whose structure is not the language's (spec sections 1–7): an
    /// unknown, missing or duplicate key, a wrong kind of value, more than one action.
    case structure
  }

  /// What kind of problem it is.
  package var kind: Kind
  /// The short name of its kind of message (`unknown-key`): with the rule for ``kind``, its
  /// ``MessageID``.
  package var name: String
  /// What it says: a lowercase sentence that names things in quotes and says what to do
  /// where it helps, naming the definition being read as a definition (which the merge of
  /// shared findings may name with others).
  package var text: MessageText
  /// What it is about: the definition being read and the place in it, as far as known.
  package var subject: SymbolRef
  /// The node or place the problem is about.
  package var range: SourceRange
  /// Related places.
  package var notes: [Note]
  /// The name it suggests in place of the one written (a did-you-mean), if any.
  package var suggestion: String?
  /// The edits that resolve it without doubt (a misspelt key).
  package var fixIts: [FixIt]

  package init(
    _ kind: Kind, _ name: String, _ text: MessageText, about subject: SymbolRef = .file,
    at range: SourceRange, notes: [Note] = [], suggestion: String? = nil, fixIts: [FixIt] = []
  ) {
    self.kind = kind
    self.name = name
    self.text = text
    self.subject = subject
    self.range = range
    self.notes = notes
    self.suggestion = suggestion
    self.fixIts = fixIts
  }

  /// What it says, in English.
  package var message: String { text.description }

  /// A file of `size` bytes, more than the `limit`: reported at the start of the file, which
  /// is not read.
  package static func fileTooLarge(_ path: String, size: Int, limit: Int) -> FrontEndProblem {
    FrontEndProblem(
      .limit, "file-too-large", "file is \(size) bytes, more than the limit of \(limit) bytes",
      at: .startOfFile(path))
  }
}
