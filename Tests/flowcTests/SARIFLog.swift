import Foundation

/// A SARIF log read back, for tests: the first run's results and base URIs.
struct SARIFLog {
  /// One result.
  struct Result {
    let object: [String: Any]

    /// The message's text.
    var message: String? { (object["message"] as? [String: Any])?["text"] as? String }
    /// The primary location's `artifactLocation`.
    var artifactLocation: [String: Any]? {
      let locations = object["locations"] as? [[String: Any]]
      let physical = locations?.first?["physicalLocation"] as? [String: Any]
      return physical?["artifactLocation"] as? [String: Any]
    }
    /// The related locations.
    var relatedLocations: [[String: Any]] { object["relatedLocations"] as? [[String: Any]] ?? [] }
    /// The `flowc/v2` fingerprint.
    var fingerprint: String? {
      (object["partialFingerprints"] as? [String: String])?["flowc/v2"]
    }
  }

  /// The first run.
  let run: [String: Any]

  init(_ text: String) throws {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    run = (object?["runs"] as? [[String: Any]])?.first ?? [:]
  }

  /// The run's results.
  var results: [Result] { (run["results"] as? [[String: Any]] ?? []).map(Result.init) }

  /// The `uri` of the run's `%SRCROOT%`.
  var sourceRoot: String? {
    let bases = run["originalUriBaseIds"] as? [String: Any]
    return (bases?["%SRCROOT%"] as? [String: Any])?["uri"] as? String
  }

  /// The text of the description of the run's `%SRCROOT%`.
  var sourceRootDescription: String? {
    let bases = run["originalUriBaseIds"] as? [String: Any]
    let root = bases?["%SRCROOT%"] as? [String: Any]
    return (root?["description"] as? [String: Any])?["text"] as? String
  }
}
