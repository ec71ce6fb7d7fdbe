/// The stable identity of a kind of message: its rule and a short name,
/// `unknown-reference/missing-node`.
///
/// Two findings with one message id say the same thing about possibly different elements;
/// the English may change from one release to the next, the id does not. A finding's
/// fingerprint and its baseline entry are made from the id, never from the English.
public struct MessageID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The rule whose message it is.
  public var rule: RuleID
  /// The short name, in kebab case, unique within the rule: `missing-node`.
  public var name: String

  public init(rule: RuleID, name: String) {
    self.rule = rule
    self.name = name
  }

  /// `rule/name`, as the JSON and SARIF reports show it.
  public var description: String { "\(rule)/\(name)" }

  public static func < (lhs: MessageID, rhs: MessageID) -> Bool {
    (lhs.rule, lhs.name) < (rhs.rule, rhs.name)
  }
}

/// A message's English in parts: words, and the definitions it names (`screen 'Home'`),
/// kept as references. A finding found in several definitions of content shared through an
/// anchor then names them all where it names the one it was found in, without its words
/// being read back.
///
/// Written by string interpolation, as the message reads:
/// `"'\(keyword)' \(definition: screen) can never happen"`.
package struct MessageText: Hashable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// One part of the text.
  package enum Part: Hashable, Sendable {
    /// Words, as they read.
    case words(String)
    /// A definition, read `kind 'name'`: `screen 'Home'`.
    case definition(SymbolRef)
    /// A definition, read by its name alone: `'App'`. Where the finding was found in
    /// several (spec section 8, 13.2), the list of their names takes its place.
    case name(SymbolRef)
  }

  /// The parts, in order.
  package private(set) var parts: [Part]

  package init(_ parts: [Part]) {
    self.parts = parts
  }

  package init(stringLiteral value: String) {
    parts = value.isEmpty ? [] : [.words(value)]
  }

  package init(stringInterpolation: StringInterpolation) {
    parts = stringInterpolation.parts
  }

  /// Builds a message's text from its literal words and the values it names.
  package struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var parts: [Part] = []

    package init(literalCapacity: Int, interpolationCount: Int) {
      parts.reserveCapacity(2 * interpolationCount + 1)
    }

    package mutating func appendLiteral(_ literal: String) {
      appendWords(literal)
    }

    /// A value, as its description reads (a name, a type, a number).
    package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      appendWords(value.description)
    }

    /// Another text, parts and all.
    package mutating func appendInterpolation(_ text: MessageText) {
      for part in text.parts {
        switch part {
        case .words(let words): appendWords(words)
        case .definition, .name: parts.append(part)
        }
      }
    }

    /// A definition the finding may have been found in, read `kind 'name'`.
    package mutating func appendInterpolation(definition: SymbolRef) {
      parts.append(.definition(definition))
    }

    /// A definition the finding may have been found in, read by its name alone: `'App'`.
    package mutating func appendInterpolation(name definition: SymbolRef) {
      parts.append(.name(definition))
    }

    private mutating func appendWords(_ words: String) {
      guard !words.isEmpty else { return }
      if case .words(let before)? = parts.last {
        parts[parts.count - 1] = .words(before + words)
      } else {
        parts.append(.words(words))
      }
    }
  }

  /// The English, each definition read `kind 'name'`.
  package var description: String {
    var text = ""
    for part in parts {
      switch part {
      case .words(let words): text += words
      case .definition(let definition): text += Self.name(of: definition)
      case .name(let definition): text += "'\(definition.path.last?.name ?? "")'"
      }
    }
    return text
  }

  /// The text that names `definition`, where it first does, as `replacement` instead (or
  /// `bare` where it names it by its name alone); `nil` when it does not name it.
  package func naming(_ definition: SymbolRef, as replacement: String, bare: String? = nil)
    -> MessageText?
  {
    guard
      let index = parts.firstIndex(where: {
        $0 == .definition(definition) || $0 == .name(definition)
      })
    else { return nil }
    var copy = self
    let isBare = parts[index] == .name(definition)
    copy.parts[index] = .words(isBare ? bare ?? replacement : replacement)
    return copy
  }

  /// This text, then `other`.
  package static func + (text: MessageText, other: MessageText) -> MessageText {
    "\(text)\(other)"
  }

  /// `screen 'Home'`: the last step of the path, by kind and name.
  package static func name(of definition: SymbolRef) -> String {
    guard let last = definition.path.last else { return "the file" }
    return "\(last.kind) '\(last.name)'"
  }
}

/// A kind of message, with its arguments: what a finding says, as data. Each rule declares
/// its messages as an enum of its own, one case per kind of message with its typed
/// arguments, which gives each its ``MessageID`` and writes its English.
package protocol FindingMessage: Hashable, Sendable {
  /// The kind of message, which never changes with its wording.
  var id: MessageID { get }
  /// What it says, in English.
  var english: MessageText { get }
}

extension FindingMessage {
  fileprivate func isEqual(to other: any FindingMessage) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Any ``FindingMessage``, compared and hashed as what it is.
package struct AnyFindingMessage: Hashable, Sendable {
  /// The message.
  package let base: any FindingMessage

  package init(_ base: some FindingMessage) {
    self.base = base
  }

  package static func == (lhs: AnyFindingMessage, rhs: AnyFindingMessage) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  package func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }
}

/// A message written where it is reported, its arguments in its text: what the front end
/// reports (`schema`, `yaml-syntax`), and a finding made from plain text.
package struct WrittenMessage: FindingMessage {
  package var id: MessageID
  package var english: MessageText

  package init(_ id: MessageID, _ english: MessageText) {
    self.id = id
    self.english = english
  }
}

/// How findings are put into words: in English, each message as its rule writes it, or with
/// some messages worded otherwise. Nothing but the words depends on the wording (not a
/// fingerprint, a baseline entry, a quick fix, a fix or the merging of shared findings), and
/// `MessageWordingTests` shows it by rewording a message.
package struct MessageWording: Sendable {
  /// The English of the rules.
  package static let english = MessageWording()

  private var overrides: [MessageID: @Sendable (any FindingMessage) -> MessageText] = [:]

  /// Whether every message is worded as its rule words it.
  package var isEnglish: Bool { overrides.isEmpty }

  /// This wording, with the message `id` worded by `text` from the message's arguments.
  package func rewording(
    _ id: MessageID, as text: @escaping @Sendable (any FindingMessage) -> MessageText
  ) -> MessageWording {
    var copy = self
    copy.overrides[id] = text
    return copy
  }

  /// The words of `message`.
  package func text(of message: any FindingMessage) -> MessageText {
    overrides[message.id]?(message) ?? message.english
  }
}

/// The definitions a finding of shared content was found in, when there are several or the
/// one is not where the content is written (spec section 8): its message names them all.
package struct FoundIn: Hashable, Sendable {
  /// The definition the message names, which the list takes the place of; when the
  /// message names none, the list follows it: `… (in screens 'A' and 'B')`.
  package var named: SymbolRef?
  /// Every definition it was found in, in file order.
  package var definitions: [SymbolRef]

  /// The most definitions named; more are counted.
  static let namedLimit = 10

  /// `text` naming every definition.
  func text(_ text: MessageText) -> MessageText {
    let phrase = Self.phrase(definitions)
    let names = definitions.prefix(Self.namedLimit).map { "'\($0.path.last?.name ?? "")'" }
    let more =
      definitions.count > Self.namedLimit ? ["\(definitions.count - Self.namedLimit) more"] : []
    let bare = (names + more).listed()
    if let named, let replaced = text.naming(named, as: phrase, bare: bare) { return replaced }
    return text + " (in \(phrase))"
  }

  /// `screens 'A' and 'B'`, `screen 'A' and decision 'D'`, `screens 'A' of 'App' and 'B' of
  /// 'Other'`: the definitions, named with their coordinators when they are of several.
  static func phrase(_ definitions: [SymbolRef]) -> String {
    func isCoordinator(_ definition: SymbolRef) -> Bool {
      if case .coordinator? = definition.path.last { return true }
      return false
    }
    let coordinators = Set(definitions.filter { !isCoordinator($0) }.map(\.coordinator))
    let qualified = coordinators.count > 1
    let kinds = Set(definitions.map { $0.path.last?.kind ?? "" })
    let sameKind = kinds.count == 1
    let shown = definitions.prefix(namedLimit).enumerated().map { offset, definition in
      let last = definition.path.last
      var text = "'\(last?.name ?? "")'"
      if !sameKind || offset == 0 {
        text = "\(last?.kind ?? "")\(sameKind && definitions.count > 1 ? "s" : "") " + text
      }
      if qualified, !isCoordinator(definition), let owner = definition.coordinator {
        text += " of '\(owner)'"
      }
      return text
    }
    var words = Array(shown)
    if definitions.count > namedLimit { words.append("\(definitions.count - namedLimit) more") }
    return words.listed()
  }
}
