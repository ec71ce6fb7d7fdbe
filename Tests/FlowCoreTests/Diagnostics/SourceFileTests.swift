import FlowCore
import Testing

@Suite struct SourceFileTests {
  @Test func suggestionsFindNearMissesOnly() {
    #expect(Suggestion.closest(to: "screns", in: ["screens", "decisions"]) == "screens")
    #expect(Suggestion.closest(to: "docs", in: ["doc", "on"]) == "doc")
    #expect(Suggestion.closest(to: "Setings", in: ["Settings", "Home"]) == "Settings")
    #expect(Suggestion.closest(to: "settings", in: ["Settings"]) == "Settings")
    #expect(Suggestion.closest(to: "tsop", in: ["stop"]) == "stop")
    #expect(Suggestion.closest(to: "spin", in: ["stop"]) == nil)
    #expect(Suggestion.closest(to: "colour", in: ["doc", "input", "on", "lint"]) == nil)
    #expect(Suggestion.closest(to: "ab", in: ["ba"]) == "ba")
  }
}
