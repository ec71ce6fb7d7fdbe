import FlowCommandLine
import Testing

/// The parser, against options declared as a command declares them.
@Suite struct ParsedOptionsTests {
  enum Shape: String, CaseIterable, Sendable {
    case round, square
  }

  static let shape = ChoiceOption("--shape", default: Shape.round, help: "the shape")
  static let name = Option.single("--name", "NAME", help: "A name")
  static let tag = Option.repeatable("--tag", "TAG", help: "A tag")
  static let loud = Option.flag("--loud", help: "Shout")
  static let options = [shape.option, name, tag, loud]

  private func parse(_ arguments: [String]) throws(UsageError) -> ParsedOptions {
    try ParsedOptions(arguments, command: "try", options: Self.options)
  }

  @Test func valuesFlagsAndPositionals() throws {
    let parsed = try parse([
      "a", "--name", "x", "--name=y", "--tag", "1", "--tag=2", "-", "--loud", "--", "--b",
    ])
    #expect(parsed.positionals == ["a", "-", "--b"])
    #expect(parsed.value(Self.name) == "y")
    #expect(parsed.values(Self.tag) == ["1", "2"])
    #expect(parsed.isSet(Self.loud))
    #expect(!parsed.wantsHelp)
    #expect(try parsed.value(Self.shape) == .round)
  }

  @Test func aOneLetterNameMeansItsOption() throws {
    let output = Option.single("--output", "FILE", help: "Where").shortened("-o")
    let parsed = try ParsedOptions(
      ["-o", "a.dot", "x", "-o=b.dot"], command: "try", options: [output])
    #expect(parsed.values(output) == ["a.dot", "b.dot"])
    #expect(parsed.positionals == ["x"])
    #expect(throws: UsageError.self) { try parse(["-o", "a.dot"]) }
  }

  @Test func aValueOptionTakesTheNextArgumentWhateverItIs() throws {
    let parsed = try parse(["--name", "--loud"])
    #expect(parsed.value(Self.name) == "--loud")
    #expect(!parsed.isSet(Self.loud))
  }

  @Test func choicesAreReadAsCases() throws {
    #expect(try parse(["--shape", "square"]).value(Self.shape) == .square)
    #expect(throws: UsageError.self) { try parse(["--shape", "squar"]).value(Self.shape) }
  }

  @Test func helpComesWithEveryCommand() throws {
    #expect(try parse(["-h"]).wantsHelp)
    #expect(try parse(["--help"]).wantsHelp)
  }

  @Test func mistakesNameTheOption() {
    let cases: [([String], String)] = [
      (["--nme", "x"], "unknown option '--nme' for 'flowc try'; did you mean '--name'?"),
      (["--loud=yes"], "option '--loud' takes no value"),
      (["--tag"], "option '--tag' needs a value"),
    ]
    for (arguments, message) in cases {
      #expect(throws: UsageError.self) { try parse(arguments) }
      do {
        _ = try parse(arguments)
      } catch {
        #expect(error.message == message)
        #expect(error.command == "try")
      }
    }
  }
}
