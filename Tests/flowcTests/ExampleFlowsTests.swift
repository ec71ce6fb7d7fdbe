import FlowCore
import Foundation
import Testing

/// The example app in `flows/` is a correct flow, and a defect planted in a copy of it is
/// found by the right rule at the right line.
@Suite struct ExampleFlowsTests {
  private static let directory = packageRoot.appendingPathComponent("flows")

  /// The example app's files, by name.
  private static func files() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".flow.yaml") }
    var files: [String: String] = [:]
    for name in names {
      files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
    return files
  }

  private func check(_ files: [String: String]) throws -> [Finding] {
    let sources = files.map { FlowInput.source(SourceFile(path: $0.key, text: $0.value)) }
    return try Pipeline.check(sources).findings
  }

  @Test func theExampleAppIsLargeAndChecksClean() throws {
    let files = try Self.files()
    #expect(files.count >= 5)
    let findings = try check(files)
    #expect(findings.isEmpty, "\(findings.map { "\($0.file):\($0.line) \($0.message)" })")
    let module = try Pipeline.check(files.map { .source(SourceFile(path: $0.key, text: $0.value)) })
      .module
    #expect(module.coordinators.count >= 8)
  }

  /// One planted defect: a text replacement in one file, and the one finding it must cause.
  struct Defect: CustomStringConvertible, Sendable {
    var file: String
    var replace: String
    var with: String
    var rule: RuleID
    /// The text of the line the finding must be on, after the replacement.
    var line: String
    /// A `leave` line the defect removes as well: the user's back or swipe would otherwise
    /// end the child (or produce the case) that the defect is about.
    var withoutLeave: String? = nil
    var description: String { "\(rule) in \(file)" }
  }

  static let defects: [Defect] = [
    Defect(
      file: "checkout.flow.yaml", replace: "              cancelled: stay\n      OrderPlaced:",
      with: "      OrderPlaced:", rule: "unhandled-result", line: "            start: Checkout"),
    Defect(
      file: "checkout.flow.yaml", replace: "          done: pop", with: "          done: dismiss",
      rule: "invalid-back", line: "          done: dismiss"),
    Defect(
      file: "catalog.flow.yaml", replace: "          back: { finish: closed }",
      with: "          back: { finish: closed }\n          up: pop", rule: "back-leak",
      line: "          up: pop",
      withoutLeave: "    leave: closed # the user's own back closes it too\n"),
    Defect(
      file: "checkout.flow.yaml", replace: "          pay: { payload: Address, push: Payment }",
      with: "          pay: { payload: Address?, push: Payment }", rule: "type-mismatch",
      line: "          pay: { payload: Address?, push: Payment }"),
    Defect(
      file: "checkout.flow.yaml", replace: "decide: Authorize", with: "decide: Authorise",
      rule: "unknown-reference",
      line: "          methodChosen: { payload: PaymentMethod, decide: Authorise }"),
    Defect(
      file: "checkout.flow.yaml", replace: "          close: { finish: cancelled }",
      with: "          close: stay", rule: "unused-result-case", line: "      cancelled: ~",
      withoutLeave: "    leave: cancelled # swiping the sheet away cancels\n"),
    Defect(
      file: "checkout.flow.yaml",
      replace: "          needsVerification: { payload: URL, present: BankVerification }",
      with: "          needsVerification: stay", rule: "unreachable-screen",
      line: "      BankVerification:"),
    Defect(
      file: "checkout.flow.yaml",
      replace:
        "          methodChosen: { payload: PaymentMethod, decide: Authorize }\n      BankVerification:",
      with: "          methodChosen: { payload: PaymentMethod, decide: Authorize }\n"
        + "          help: { push: Help }\n      Help:\n"
        + "        systemBack: false\n        dismissible: false\n        on: { more: { push: Help } }\n"
        + "      BankVerification:",
      rule: "cannot-finish", line: "      Help:"),
  ]

  @Test(arguments: defects)
  func aPlantedDefectIsFoundByItsRuleAtItsLine(_ defect: Defect) throws {
    var files = try Self.files()
    let original = try #require(files[defect.file])
    #expect(original.contains(defect.replace), "the example app changed; update this defect")
    var planted = original.replacingOccurrences(of: defect.replace, with: defect.with)
    if let leave = defect.withoutLeave {
      #expect(planted.contains(leave), "the example app changed; update this defect")
      planted = planted.replacingOccurrences(of: leave, with: "")
    }
    files[defect.file] = planted
    let lines = planted.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLine = try #require(lines.firstIndex { $0 == defect.line }) + 1
    let findings = try check(files)
    #expect(
      findings.map { "\($0.rule) \($0.file):\($0.line)" }
        == ["\(defect.rule) \(defect.file):\(expectedLine)"],
      "\(findings.map { "\($0.file):\($0.line) \($0.message) [\($0.rule)]" })")
  }
}
