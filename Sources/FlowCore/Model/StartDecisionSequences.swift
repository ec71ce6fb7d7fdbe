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
    walkStart(cases) { action, path in
      guard case .sequence(let elements) = action.kind else { return true }
      for (offset, element) in elements.enumerated() {
        switch element.kind {
        case .pop, .popToRoot, .dismiss: found.append((element, path + [.element(offset)]))
        default: break
        }
      }
      return !elements.contains { if case .present = $0.kind { true } else { false } }
    }
    return found
  }

  /// Walks the actions of a start decision's `cases` and, at any depth, of the handlers of
  /// the children they start where the decision acts: `visit` gets each action with its path
  /// from the decision (`case 'a'`, `case 'a' › handler 'b'`) and says whether the handlers
  /// of the child its last element starts run there too. A sequence's child is named by its
  /// last element (`… › element '2' › handler 'b'`). O(the cases and handlers).
  private static func walkStart(
    _ cases: [Transition], _ visit: (Action, [SymbolRef.Component]) -> Bool
  ) {
    func walk(_ transitions: [Transition], under path: [SymbolRef.Component]) {
      for transition in transitions {
        let action = transition.action
        let here =
          path
          + [path.isEmpty ? .decisionCase(transition.name.text) : .handler(transition.name.text)]
        guard visit(action, here), case .start(let child) = action.elements.last?.kind else {
          continue
        }
        let last = action.isSequence ? [SymbolRef.Component.element(action.elements.count - 1)] : []
        walk(child.handlers, under: here + last)
      }
    }
    walk(cases, under: [])
  }
}

/// (r3) Where a start decision may `show` (spec section 13.4): on a screen the elements before
/// it in its sequence lead to, since the decision itself acts below its coordinator, where no
/// screen of the holder is.
extension Decision {
  /// The `show` actions of a start decision's `cases` that have no screen before them: a
  /// lone `show`, or the last element of a sequence with no `push`, `present` or `replace`
  /// before it; and those in the handlers of the children it starts below the coordinator
  /// (they run there), at any depth. Each with its path from the decision, in file order.
  package static func showsWithoutScreenInStart(
    _ cases: [Transition]
  ) -> [(element: Action, path: [SymbolRef.Component])] {
    var found: [(element: Action, path: [SymbolRef.Component])] = []
    walkStart(cases) { action, path in
      let elements = action.elements
      let showsScreen = elements.dropLast().contains {
        switch $0.kind {
        case .push, .present, .replace: true
        default: false
        }
      }
      guard !showsScreen, let last = elements.last, case .start(let child) = last.kind else {
        return false
      }
      guard child.isShow else { return true }
      found.append((last, action.isSequence ? path + [.element(elements.count - 1)] : path))
      return false
    }
    return found
  }

  /// The words of a `show` with no screen before it in a start decision.
  package static var showWithoutScreenMessage: MessageText {
    "'show' is not allowed here in a start decision: it acts below the coordinator, where "
      + "none of its screens is shown to show beside; push the screen to show it from first, "
      + "as in '[{ push: Screen }, { show: Child }]'"
  }
}
