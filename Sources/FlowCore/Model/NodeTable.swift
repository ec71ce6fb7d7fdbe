/// A coordinator's screens, decisions and alerts by name: a hash table of 32-bit slots, each
/// pointing into the coordinator's own arrays, where the names are.
///
/// A `[String: Coordinator.Node]` per coordinator took about 85 bytes a node, 7% of `check`'s
/// peak memory on a large module; a table takes 4 bytes a slot, with at least twice as many
/// slots as nodes.
struct NodeTable: Sendable {
  /// Empty (0), or a node: its index plus one above, its kind in the low two bits.
  private var slots: [UInt32]
  /// How many nodes it holds.
  private(set) var count = 0

  /// The nodes a table can hold: a 64 MB file holds far fewer.
  private static let indexLimit = Int(UInt32.max >> 2) - 1

  /// The table of `coordinator`'s nodes: the first of each name, screens before decisions
  /// before alerts (a name defined twice is a finding of its own).
  init(_ coordinator: Coordinator) {
    let nodes = coordinator.screens.count + coordinator.decisions.count + coordinator.alerts.count
    slots = Array(repeating: 0, count: Self.slotCount(for: nodes))
    for index in coordinator.screens.indices {
      add(.screen(index), in: coordinator, replacing: false)
    }
    for index in coordinator.decisions.indices {
      add(.decision(index), in: coordinator, replacing: false)
    }
    for index in coordinator.alerts.indices {
      add(.alert(index), in: coordinator, replacing: false)
    }
  }

  /// The node named `name`, looked up among `coordinator`'s nodes (the coordinator the table
  /// was made of, or that coordinator with nodes added since).
  func node(named name: String, in coordinator: Coordinator) -> Coordinator.Node? {
    let mask = slots.count - 1
    var slot = name.hashValue & mask
    while slots[slot] != 0 {
      let node = Self.node(in: slots[slot])
      if Self.name(of: node, in: coordinator) == name { return node }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds `node`, already in `coordinator`, in place of any node of its name.
  mutating func add(_ node: Coordinator.Node, in coordinator: Coordinator) {
    add(node, in: coordinator, replacing: true)
  }

  private mutating func add(
    _ node: Coordinator.Node, in coordinator: Coordinator, replacing: Bool
  ) {
    guard let stored = Self.stored(node) else { return }
    if 2 * (count + 1) > slots.count { grow(in: coordinator) }
    let name = Self.name(of: node, in: coordinator)
    let mask = slots.count - 1
    var slot = name.hashValue & mask
    while slots[slot] != 0 {
      if Self.name(of: Self.node(in: slots[slot]), in: coordinator) == name {
        if replacing { slots[slot] = stored }
        return
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = stored
    count += 1
  }

  private mutating func grow(in coordinator: Coordinator) {
    let old = slots
    slots = Array(repeating: 0, count: 2 * old.count)
    let mask = slots.count - 1
    for stored in old where stored != 0 {
      var slot = Self.name(of: Self.node(in: stored), in: coordinator).hashValue & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = stored
    }
  }

  private static func slotCount(for nodes: Int) -> Int {
    var count = 8
    while count < 2 * nodes { count <<= 1 }
    return count
  }

  private static func stored(_ node: Coordinator.Node) -> UInt32? {
    let (index, kind): (Int, UInt32) =
      switch node {
      case .screen(let index): (index, 0)
      case .decision(let index): (index, 1)
      case .alert(let index): (index, 2)
      }
    guard (0...indexLimit).contains(index) else { return nil }
    return UInt32(index + 1) << 2 | kind
  }

  private static func node(in stored: UInt32) -> Coordinator.Node {
    let index = Int(stored >> 2) - 1
    switch stored & 3 {
    case 0: return .screen(index)
    case 1: return .decision(index)
    default: return .alert(index)
    }
  }

  private static func name(of node: Coordinator.Node, in coordinator: Coordinator) -> String {
    switch node {
    case .screen(let index): coordinator.screens[index].name.text
    case .decision(let index): coordinator.decisions[index].name.text
    case .alert(let index): coordinator.alerts[index].name.text
    }
  }
}
