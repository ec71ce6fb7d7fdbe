import FlowCore
import Testing

/// `leave` names a result case without a payload of its own coordinator (spec section 4,
/// r2): `unknown-reference` when there is no such case, `type-mismatch` when it has one.
@Suite struct LeaveReferenceTests {
  private func leaving(_ leave: String, result: String?) throws -> [String] {
    let resultLine = result.map { "\n    result: \($0)" } ?? ""
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { go: { start: Terms, on: { accepted: stay, declined: stay } } } }
        Terms:\(resultLine)
          leave: \(leave)
          start: Read
          screens:
            Read: { on: { yes: { finish: accepted }, no: { payload: String, finish: declined } } }
      """)
    return findings.filter { $0.rule == "unknown-reference" || $0.rule == "type-mismatch" }
      .map { "\($0.line):\($0.column) \($0.message) [\($0.rule)]" }
  }

  @Test func aCaseWithoutAPayloadIsFine() throws {
    #expect(try leaving("accepted", result: "{ accepted: ~, declined: String }") == [])
    #expect(try leaving("~", result: "{ accepted: ~, declined: String }") == [])
  }

  @Test func aMisspeltCaseIsAnUnknownReferenceAtTheName() throws {
    #expect(
      try leaving("acepted", result: "{ accepted: ~, declined: String }") == [
        "10:12 result case 'acepted' does not exist in coordinator 'Terms'; did you mean 'accepted'? [unknown-reference]"
      ])
  }

  @Test func aCaseWithAPayloadIsATypeMismatch() throws {
    #expect(
      try leaving("declined", result: "{ accepted: ~, declined: String }") == [
        "10:12 'leave' of coordinator 'Terms' names case 'declined', which has a payload ('String'); the user's back or swipe has no value to give it: name a case without a payload, or write 'leave: ~' [type-mismatch]"
      ])
  }
}
