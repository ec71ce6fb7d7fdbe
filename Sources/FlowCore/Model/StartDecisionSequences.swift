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
    func walk(_ transitions: [Transition], under path: [SymbolRef.Component]) {
      for transition in transitions {
        let action = transition.action
        var here =
          path
          + [path.isEmpty ? .decisionCase(transition.name.text) : .handler(transition.name.text)]
        let elements = action.elements
        if action.isSequence { here.append(.element(elements.count - 1)) }
        let showsScreen = elements.dropLast().contains {
          switch $0.kind {
          case .push, .present, .replace: true
          default: false
          }
        }
        guard !showsScreen, case .start(let child) = elements.last?.kind else { continue }
        if child.isShow, let last = elements.last {
          found.append((last, here))
        } else {
          walk(child.handlers, under: here)
        }
      }
    }
    walk(cases, under: [])
    return found
  }

  /// The words of a `show` with no screen before it in a start decision.
  package static var showWithoutScreenMessage: MessageText {
    "'show' is not allowed here in a start decision: it acts below the coordinator, where "
      + "none of its screens is shown to show beside; push the screen to show it from first, "
      + "as in '[{ push: Screen }, { show: Child }]'"
  }
}
