/// (r3) What a start decision may not do in a sequence (spec section 13.1): go back. A start
/// decision acts on whatever is below its coordinator, where going back is not its to do.
extension Decision {
  /// The back elements (`pop`, `popToRoot`, `dismiss`) of the sequences in `cases` of a
  /// start decision, and in the handlers of the children it starts there at any depth (they
  /// run on the same place), each with its path from the decision (`case 'a' › element '0'`),
  /// in file order. A child started after a `present` is started from that screen, not by
  /// the decision, so its handlers are not walked. O(the cases and handlers).
  package static func backElementsOfStart(
    _ cases: [Transition]
  ) -> [(element: Action, path: [SymbolRef.Component])] {
    var found: [(element: Action, path: [SymbolRef.Component])] = []
    func walk(_ transitions: [Transition], under path: [SymbolRef.Component]) {
      for transition in transitions {
        let action = transition.action
        var here =
          path
          + [path.isEmpty ? .decisionCase(transition.name.text) : .handler(transition.name.text)]
        if case .sequence(let elements) = action.kind {
          for (offset, element) in elements.enumerated() {
            switch element.kind {
            case .pop, .popToRoot, .dismiss: found.append((element, here + [.element(offset)]))
            default: break
            }
          }
          here.append(.element(elements.count - 1))
          guard !elements.contains(where: { if case .present = $0.kind { true } else { false } })
          else { continue }
        }
        if case .start(let child) = action.elements.last?.kind {
          walk(child.handlers, under: here)
        }
      }
    }
    walk(cases, under: [])
    return found
  }
}
