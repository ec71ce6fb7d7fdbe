/// What identifies a finding across runs, apart from where it is: the `flowc/v1` fingerprint
/// that SARIF's `partialFingerprints`, the Code Climate report's `fingerprint` and the
/// baseline's entries all carry, worked out here once so that the three cannot disagree.
///
/// A finding is identified by its rule, its file (named one way however it was typed, spec
/// section 9), its message with every number blanked (messages may quote positions), and how
/// many findings of that same rule, file and message come before it in report order. So a
/// finding keeps its fingerprint when lines move above it or findings of other kinds come
/// and go; of two findings alike in all three, the first keeps the first fingerprint.
package enum FindingIdentity {
  /// The fingerprint of each finding of `findings`, in their order: 16 hexadecimal digits.
  ///
  /// - Parameter findings: every finding of a run, in report order.
  package static func fingerprints(_ findings: [Finding]) -> [String] {
    var occurrences: [String: Int] = [:]
    return findings.map { finding in
      let key = self.key(finding)
      let occurrence = occurrences[key, default: 0]
      occurrences[key] = occurrence + 1
      return hash(key + "\u{0}\(occurrence)")
    }
  }

  /// The rule, file and message of a finding with every run of digits written as `#`.
  private static func key(_ finding: Finding) -> String {
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
