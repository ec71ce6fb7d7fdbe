import Foundation
import Testing

/// FlowCore's public API is the façade `docs/architecture.md` lists ("The public API"):
/// a `public` declaration anywhere else fails here, named, so that a new declaration is
/// `package` unless it joins the façade on purpose. `scripts/public-api.py` applies the same
/// list (and names the members of façade types that stay `package`).
@Suite struct PublicAPITests {
  /// The top-level names between the `public api` markers of the architecture page.
  private static func facade() throws -> Set<String> {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let start = try #require(text.range(of: "<!-- public api -->"), "no public api list")
    let end = try #require(
      text.range(of: "<!-- end of public api -->", range: start.upperBound..<text.endIndex))
    let list = text[start.upperBound..<end.lowerBound]
    return Set(list.matches(of: /`([A-Z]\w*)`/).map { String($0.1) })
  }

  /// The members of façade types that stay `package`, as the script lists them.
  private static func packageMembers() throws -> Set<String> {
    let script = try String(
      contentsOf: packageRoot.appendingPathComponent("scripts/public-api.py"), encoding: .utf8)
    let start = try #require(script.range(of: "PACKAGE_MEMBERS = {"))
    let end = try #require(script.range(of: "}", range: start.upperBound..<script.endIndex))
    return Set(
      script[start.upperBound..<end.lowerBound].matches(of: /"([^"]+)"/).map { String($0.1) })
  }

  /// Each `public` declaration of `source`: the top-level type (or extension) it is written
  /// in, with its member's name when it is one (`Type.member`, `Type.init(label:)`).
  static func publicDeclarations(in source: String) -> [String] {
    let declaration =
      #/
      ^ \s* (?: @[\w.]+ (?: \( [^)]* \) )? \s+ )*
      (?: (?: public | package | internal | private | fileprivate | final | indirect | static
        | nonisolated | mutating | override | convenience | required | lazy ) (?: \(set\) )? \s+ )*
      (struct | enum | class | protocol | typealias | extension | func | let | var | actor | init
        | subscript | case) \b \s* ([A-Za-z_][\w.]*)? ( \( [^)]* \) )?
      /#
    let modifier = /(?:^|[^.`\w])public(?=[\s(])/
    var depth = 0
    var top = ""
    var inString = false
    var found: [String] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let wasInString = inString
      let code = Self.code(of: String(line), inString: &inString)
      guard !wasInString else {
        depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
        continue
      }
      let match = code.firstMatch(of: declaration)
      if depth == 0, let match {
        top = String((match.2 ?? "").split(separator: ".").first ?? "")
      }
      if code.contains(modifier) {
        if depth > 0, let match {
          if match.1 == "init" {
            let labels = (match.3 ?? "").matches(of: /(\w+)\s*(?:\w+\s*)?:/).map { $0.1 + ":" }
            found.append("\(top).init(\(labels.joined()))")
          } else {
            found.append("\(top).\(match.2 ?? "")")
          }
        } else {
          found.append(top)
        }
      }
      depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
    }
    return found
  }

  /// `line` without its comment and the contents of its string literals; `inString` says
  /// whether a multi-line string literal is open, before and after it.
  private static func code(of line: String, inString: inout Bool) -> String {
    var code = ""
    var rest = Substring(line)
    while let first = rest.first {
      if rest.hasPrefix("\"\"\"") {
        inString.toggle()
        rest = rest.dropFirst(3)
      } else if inString {
        rest = rest.dropFirst()
      } else if rest.hasPrefix("//") {
        break
      } else if first == "\"" {
        rest = rest.dropFirst()
        while let next = rest.first, next != "\"" {
          rest = rest.dropFirst(next == "\\" ? 2 : 1)
        }
        rest = rest.dropFirst()
      } else {
        code.append(first)
        rest = rest.dropFirst()
      }
    }
    return code
  }

  @Test func everyPublicDeclarationIsInTheFacade() throws {
    let facade = try Self.facade()
    let packageMembers = try Self.packageMembers()
    #expect(facade.contains("Pipeline") && facade.contains("SwiftGenerator"))
    let folder = packageRoot.appendingPathComponent("Sources/FlowCore")
    let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
    var declared: Set<String> = []
    var count = 0
    while let path = walker.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      for name in Self.publicDeclarations(in: text) {
        count += 1
        let top = String(name.prefix { $0 != "." })
        declared.insert(top)
        #expect(
          facade.contains(top) && !packageMembers.contains(name),
          Comment(
            rawValue: "Sources/FlowCore/\(path): public \(name) is not in the public API "
              + "(docs/architecture.md): make it package, or add it to the list"))
      }
    }
    #expect(count > 100, "the sources were not read")
    // Each name the list holds is a public declaration: a list that outgrew the code fails.
    #expect(
      facade.subtracting(declared).isEmpty,
      "listed but not public: \(facade.subtracting(declared).sorted())")
  }

  /// The scan finds a `public` modifier where it is one, at the type it is written in, and
  /// not in a comment, a string literal, `.public` or `` `public` ``.
  @Test func theScanFindsModifiersOnly() {
    let source = #"""
      /// public in a doc comment
      public struct Kept {
        public var name: String  // public
        public init(name: String, other _: Int) { self.name = "public \(name)" }
        static let text = """
          public func generated() {}
          """
      }
      extension Other {
        package static let level = AccessLevel.public
        public private(set) var count = 0
      }
      enum AccessLevel { case `public` }
      """#
    #expect(
      Self.publicDeclarations(in: source) == [
        "Kept", "Kept.name", "Kept.init(name:other:)", "Other.count",
      ])
  }
}
