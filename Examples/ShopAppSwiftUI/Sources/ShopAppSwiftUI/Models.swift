/// Someone signed in. The flows declare it `external`: the app defines it, generated code
/// only names it.
struct User: Hashable, Sendable {
  var email: String
}
