/// What identifies a finding across runs, apart from where it is and how it is worded: the
/// `flowc/v2` fingerprint that SARIF's `partialFingerprints`, the Code Climate report's
/// `fingerprint` and the baseline's entries all carry, worked out here once so that the
/// three cannot disagree.
///
/// A finding is identified by its rule, its message id, its file (named one way however it
/// was typed, spec section 9), its subject (the element of the module it is about, by its
/// names: ``SymbolRef``), and how many findings alike in all four come before it in report
/// order. So a finding keeps its fingerprint when lines move above it, when findings of
/// other kinds come and go, and when its message is reworded; of two findings alike in all
/// four, the first keeps the first fingerprint.
///
/// Baselines written before version 2 hold `flowc/v1` fingerprints, made from the rule, the
/// file and the English of the message with every number blanked: ``legacyFingerprints(_:)``
/// still makes them, for reading those baselines only.
package enum FindingIdentity {
  /// The key SARIF's `partialFingerprints` files the fingerprint under.
  package static let sarifKey = "flowc/v2"

  /// The fingerprint of each finding of `findings`, in their order: 16 hexadecimal digits.
  ///
  /// - Parameter findings: every finding of a run, in report order.
  package static func fingerprints(_ findings: [Finding]) -> [String] {
    numbered(findings.map(key))
  }

  /// The `flowc/v1` fingerprint of each finding of `findings`, in their order, which
  /// baselines of version 1 hold: from the rule, the file and the message's words.
  ///
  /// - Parameter findings: every finding of a run, in report order.
  package static func legacyFingerprints(_ findings: [Finding]) -> [String] {
    numbered(findings.map(legacyKey))
  }

  /// The hash of each key with how many equal keys come before it.
  private static func numbered(_ keys: [String]) -> [String] {
    var occurrences: [String: Int] = [:]
    return keys.map { key in
      let occurrence = occurrences[key, default: 0]
      occurrences[key] = occurrence + 1
      return hash(key + "\u{0}\(occurrence)")
    }
  }

  /// The rule, message id, file and subject of a finding.
  private static func key(_ finding: Finding) -> String {
    "v2\u{0}\(finding.rule)\u{0}\(finding.messageID.name)\u{0}\(finding.file)\u{0}"
      + finding.subject.identityKey
  }

  /// The rule, file and message of a finding with every run of digits written as `#`.
  private static func legacyKey(_ finding: Finding) -> String {
    var message = ""
    var lastWasDigit = false
    for character in finding.message {
      if character.isASCII && character.isNumber {
        if !lastWasDigit { message.append("#") }
        lastWasDigit = true
      } else {
        message.append(character)
        lastWasDigit = false
      }
    }
    return "\(finding.rule)\u{0}\(finding.file)\u{0}\(message)"
  }

  /// 64-bit FNV-1a, as 16 hexadecimal digits: stable across runs and machines.
  static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
