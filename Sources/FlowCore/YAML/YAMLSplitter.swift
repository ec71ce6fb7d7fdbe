#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses a large file in pieces on all cores, when its shape makes that exact.
///
/// libyaml reads one stream on one core. A flow file is mostly one top-level key (in
/// practice `coordinators:`) whose value is a block mapping with one entry per line at
/// indentation 2; such entries can be parsed apart and their trees joined into the tree a
/// whole parse would give. The split is taken only when a scan of the bytes proves that
/// it cannot change the result: no anchors or aliases (which could cross pieces), no
/// document markers or directives, no carriage returns, and every line at indentation 2 of
/// that value starts a plain `key:` entry. Any piece that libyaml or a limit rejects sends
/// the file back to the ordinary whole parse, so errors are always reported at libyaml's
/// own positions for the whole file.
enum YAMLSplitter {
  /// One piece: a range of bytes that begins a line, and that line's number.
  struct Piece {
    var range: Range<Int>
    var firstLine: Int
  }

  /// The file's tree, parsed in pieces; `nil` when the file's shape does not allow it or a
  /// piece did not parse cleanly (then the caller parses the whole file).
  static func parse(
    _ file: SourceFile, limits: YAMLLimits, minimumPiece: Int = minimumPieceSize
  ) -> YAMLDocument? {
    guard let plan = plan(file.bytes, from: file.byteOrderMarkLength, minimumPiece: minimumPiece)
    else { return nil }
    // Entries sit two levels below the root in the whole file: their pieces get the depth
    // the whole parse would allow them, and the head and tail the full bound.
    let entryLimits = YAMLLimits(
      maxDepth: limits.maxDepth - 2, maxAliasExpansion: limits.maxAliasExpansion,
      maxFileSize: limits.maxFileSize)
    let pieces = [plan.head] + plan.entries + (plan.tail.map { [$0] } ?? [])
    let parsed = parallelMap(Array(pieces.indices)) { index in
      let isEntries = index > 0 && index <= plan.entries.count
      return YAMLParser.parsePiece(
        file, range: pieces[index].range, firstLine: pieces[index].firstLine,
        limits: isEntries ? entryLimits : limits)
    }
    guard parsed.allSatisfy({ $0 != nil }) else { return nil }
    // A piece ends where the next begins, at the start of its first line; in the whole
    // file, the block collections that close there (and an empty value implied there)
    // stand at the next entry's key instead, two columns in.
    var boundaries: [Int: SourcePosition] = [:]
    for index in plan.entries.indices.dropLast() {
      boundaries[index + 1] = SourcePosition(line: plan.entries[index + 1].firstLine, column: 3)
    }
    var parts = consume parsed
    return join(
      &parts, entryCount: plan.entries.count, hasTail: plan.tail != nil, key: plan.key,
      boundaries: boundaries, endOfFile: plan.endOfFile)
  }

  /// How a file is cut: the head (up to and including the split key's line), the entry
  /// groups, and the tail (the top-level keys after the split key's value), if any.
  struct Plan {
    var head: Piece
    var entries: [Piece]
    var tail: Piece?
    /// The split key's text.
    var key: String
    /// Where libyaml ends the stream: at the start of the line after the last one.
    var endOfFile: SourcePosition
  }

  /// Whether the bytes from `start` hold an anchor or alias marker (`&`, `*`), a carriage
  /// return, or one of YAML 1.1's other line breaks: NEL (C2 85), LS (E2 80 A8) and PS
  /// (E2 80 A9). One table lookup per byte; the rare candidates are looked at closer.
  private static func containsUnsplittableByte(_ bytes: [UInt8], from start: Int) -> Bool {
    let table = unsplittable
    return bytes.withUnsafeBufferPointer { buffer in
      table.withUnsafeBufferPointer { table in
        scan(buffer, from: start, table: table)
      }
    }
  }

  private static func scan(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, table: UnsafeBufferPointer<Bool>
  ) -> Bool {
    var index = start
    while index < buffer.count {
      let byte = buffer[index]
      if table[Int(byte)] {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "\r"):
          return true
        case 0x85:
          if index >= 1 && buffer[index - 1] == 0xC2 { return true }
        default:  // A8, A9
          if index >= 2 && buffer[index - 2] == 0xE2 && buffer[index - 1] == 0x80 { return true }
        }
      }
      index += 1
    }
    return false
  }

  /// The bytes that may make a file unsplittable, alone or as the end of a line break.
  private static let unsplittable: [Bool] = (0...255).map { byte in
    [UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "\r"), 0x85, 0xA8, 0xA9].contains(
      UInt8(byte))
  }

  /// Each line from `start`: its offset, its indentation, and its first byte after the
  /// indentation (`\n` for a blank line); `nil` when a line at indentation 0 is a document
  /// marker, a directive, or a sequence entry (a top level that is not a mapping).
  private static func lineStarts(_ bytes: [UInt8], from start: Int) -> [Line]? {
    bytes.withUnsafeBufferPointer { buffer -> [Line]? in
      guard let base = buffer.baseAddress else { return [] }
      var lines: [Line] = []
      lines.reserveCapacity(buffer.count / 24)
      var offset = start
      while offset < buffer.count {
        // `memchr` finds the line's end many bytes at a time.
        let end =
          memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
          } ?? buffer.count
        var indent = 0
        while offset + indent < end, buffer[offset + indent] == UInt8(ascii: " ") { indent += 1 }
        let first = offset + indent < end ? buffer[offset + indent] : UInt8(ascii: "\n")
        if indent == 0
          && (first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
            || first == UInt8(ascii: "%"))
        {
          return nil
        }
        lines.append(Line(offset: offset, indent: indent, first: first))
        offset = end + 1
      }
      return lines
    }
  }

  /// A line of the file, as ``plan(_:from:minimumPiece:)`` reads it.
  private struct Line {
    var offset: Int
    var indent: Int
    var first: UInt8
  }

  /// Files below this size are not worth splitting.
  static let minimumPieceSize = 64 << 10

  /// Works out the pieces, or `nil` when the file must be parsed whole. Anything that could
  /// make a piece read differently alone than in the file sends it to the whole parse:
  /// anchors and aliases, document markers and directives, line breaks other than `\n`,
  /// top-level lines that are not plain `key:` lines, and lines at indentation 2 in the
  /// split value that are not plain `key:` lines or that are less indented.
  static func plan(_ bytes: [UInt8], from start: Int, minimumPiece: Int = minimumPieceSize)
    -> Plan?
  {
    guard !containsUnsplittableByte(bytes, from: start) else { return nil }
    // Top-level lines: the largest run between one and the next is the value to split.
    guard let lines = lineStarts(bytes, from: start) else { return nil }
    func isContent(_ line: Line) -> Bool {
      line.first != UInt8(ascii: "\n") && line.first != UInt8(ascii: "#")
    }
    let topLevel = lines.indices.filter { lines[$0].indent == 0 && isContent(lines[$0]) }
    guard !topLevel.isEmpty else { return nil }
    // Every top-level line must start a plain `key:` of the root mapping: then the pieces
    // after the split value (the tail) are that mapping's keys too, as in the whole file.
    for index in topLevel {
      let line = lines[index]
      let end = index + 1 < lines.count ? lines[index + 1].offset - 1 : bytes.count
      guard let colon = bytes[line.offset..<end].firstIndex(of: UInt8(ascii: ":")),
        isPlainKey(bytes[line.offset..<colon]),
        colon + 1 == end || bytes[colon + 1] == UInt8(ascii: " ")
      else { return nil }
    }
    var best: (line: Int, next: Int?)?
    var bestSize = 0
    for (position, line) in topLevel.enumerated() {
      let next = position + 1 < topLevel.count ? topLevel[position + 1] : nil
      let size = (next.map { lines[$0].offset } ?? bytes.count) - lines[line].offset
      if size > bestSize { (best, bestSize) = ((line, next), size) }
    }
    guard let best, bestSize >= 2 * minimumPiece else { return nil }
    // The key's line must end right after `key:` (a block value follows).
    let keyLine = lines[best.line]
    let keyEnd = (best.line + 1 < lines.count ? lines[best.line + 1].offset - 1 : bytes.count)
    guard let colon = bytes[keyLine.offset..<keyEnd].firstIndex(of: UInt8(ascii: ":")),
      bytes[(colon + 1)..<keyEnd].allSatisfy({ $0 == UInt8(ascii: " ") }),
      isPlainKey(bytes[keyLine.offset..<colon])
    else { return nil }
    let key = String(decoding: bytes[keyLine.offset..<colon], as: UTF8.self)

    // Its entries: every content line at indentation 2 must be a plain `key:`.
    let valueEnd = best.next ?? lines.count
    var entryStarts: [Int] = []
    for index in (best.line + 1)..<valueEnd where isContent(lines[index]) {
      let line = lines[index]
      if line.indent < 2 { return nil }
      guard line.indent == 2 else { continue }
      let end = index + 1 < lines.count ? lines[index + 1].offset - 1 : bytes.count
      let text = bytes[(line.offset + 2)..<end]
      guard let colon = text.firstIndex(of: UInt8(ascii: ":")), isPlainKey(text[..<colon]),
        colon + 1 == end || bytes[colon + 1] == UInt8(ascii: " ")
      else { return nil }
      entryStarts.append(index)
    }
    guard entryStarts.count >= 2, let firstEntry = entryStarts.first else { return nil }

    // Group entries into pieces of at least the minimum size, a few per core.
    let valueEndOffset = best.next.map { lines[$0].offset } ?? bytes.count
    let target = max(minimumPiece, bestSize / (Parallel.cores * 4))
    var entries: [Piece] = []
    var groupStart = firstEntry
    for position in entryStarts.indices {
      let nextStart =
        position + 1 < entryStarts.count ? lines[entryStarts[position + 1]].offset : valueEndOffset
      if nextStart - lines[groupStart].offset >= target || position + 1 == entryStarts.count {
        entries.append(
          Piece(range: lines[groupStart].offset..<nextStart, firstLine: groupStart + 1))
        if position + 1 < entryStarts.count { groupStart = entryStarts[position + 1] }
      }
    }
    guard entries.count >= 2 else { return nil }
    let head = Piece(range: start..<lines[firstEntry].offset, firstLine: 1)
    let tail = best.next.map { Piece(range: lines[$0].offset..<bytes.count, firstLine: $0 + 1) }
    let endOfFile = SourcePosition(line: lines.count + 1, column: 1)
    return Plan(head: head, entries: entries, tail: tail, key: key, endOfFile: endOfFile)
  }

  /// Whether `bytes` is a key written plainly: letters, digits and `_`, starting with a
  /// letter.
  private static func isPlainKey(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first,
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
    else { return false }
    return bytes.allSatisfy { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
  }

  // MARK: Joining

  /// The tree a whole parse would give: the head's root mapping with the split key's
  /// value made of every entry piece's pairs, then the tail's pairs. `parts` are the head,
  /// the entry pieces and the tail, in order; each is released as soon as it is copied, so
  /// that the pieces and the joined tree are not all held at once.
  private static func join(
    _ parts: inout [(tree: YAMLTree, root: YAMLNode)?], entryCount: Int, hasTail: Bool,
    key: String, boundaries: [Int: SourcePosition], endOfFile: SourcePosition
  ) -> YAMLDocument? {
    // What the root and the split value are made of, read before the parts are released.
    var rootPairs: [[(key: YAMLNode, value: YAMLNode)]] = []
    var sizes = (records: 2, children: 16, texts: 0)
    for part in parts {
      guard let part, part.tree.kind(of: part.root) == .mapping else { return nil }
      rootPairs.append(Array(part.tree.pairs(of: part.root)))
      sizes.records += part.tree.records.count
      sizes.children += part.tree.children.count
      sizes.texts += part.tree.texts.count
    }
    guard let head = parts.first ?? nil, let last = rootPairs[0].last,
      head.tree.text(of: last.key) == key, head.tree.isNull(last.value),
      let lastEntries = parts[entryCount] ?? nil, let lastPart = parts.last ?? nil
    else { return nil }
    let rootStart = head.tree.start(of: head.root)
    // The split value closes where the last entry piece's root does, at the token after
    // both (the tail's first key, or the end of the file); the root at the end of the
    // stream, as the tail's root does.
    let valueEnd = lastEntries.tree.end(of: lastEntries.root)
    let rootEnd = hasTail ? lastPart.tree.end(of: lastPart.root) : endOfFile

    var records: [YAMLTree.Record] = []
    var children: [YAMLNode] = []
    var texts: [String] = []
    var tags: [Int32: String] = [:]
    records.reserveCapacity(sizes.records)
    children.reserveCapacity(sizes.children)
    texts.reserveCapacity(sizes.texts)
    // Each part's nodes are copied after the previous part's, their indices shifted.
    var bases: [Int32] = []
    for number in parts.indices {
      guard let part = parts[number] else { return nil }
      parts[number] = nil
      let boundary = boundaries[number]
      let pieceEnd = boundary.map { SourcePosition(line: $0.line, column: 1) }
      let nodeBase = Int32(records.count)
      let childBase = UInt32(children.count)
      let textBase = UInt32(texts.count)
      bases.append(nodeBase)
      for var record in part.tree.records {
        switch record.kind {
        case YAMLTree.sequenceKind, YAMLTree.mappingKind:
          record.data += childBase
          if let boundary, record.end == pieceEnd { record.end = boundary }
        case YAMLTree.aliasKind: record.data += UInt32(nodeBase)
        default:
          record.data += textBase
          // An empty value that closes a piece (after `? key`) stands at the next token.
          if let boundary, record.start == pieceEnd, record.end == pieceEnd {
            (record.start, record.end) = (boundary, boundary)
          }
        }
        records.append(record)
      }
      for child in part.tree.children { children.append(YAMLNode(child.index + nodeBase)) }
      texts.append(contentsOf: part.tree.texts)
      for (node, tag) in part.tree.tags { tags[node + nodeBase] = tag }
    }
    func shifted(_ node: YAMLNode, _ part: Int) -> YAMLNode { YAMLNode(node.index + bases[part]) }

    // The split key's value: one mapping of every entry piece's pairs.
    var entryPairs: [YAMLNode] = []
    for part in 1...entryCount {
      for pair in rootPairs[part] {
        entryPairs.append(shifted(pair.key, part))
        entryPairs.append(shifted(pair.value, part))
      }
    }
    guard let firstKey = entryPairs.first else { return nil }
    let value = Int32(records.count)
    records.append(
      YAMLTree.Record(
        kind: YAMLTree.mappingKind, data: UInt32(children.count), count: UInt32(entryPairs.count),
        start: records[Int(firstKey.index)].start, end: valueEnd))
    children.append(contentsOf: entryPairs)

    // The root: the head's pairs, the split key now with that value, then the tail's.
    var pairs: [YAMLNode] = []
    for pair in rootPairs[0].dropLast() {
      pairs.append(shifted(pair.key, 0))
      pairs.append(shifted(pair.value, 0))
    }
    pairs.append(shifted(last.key, 0))
    pairs.append(YAMLNode(value))
    if hasTail {
      for pair in rootPairs[rootPairs.count - 1] {
        pairs.append(shifted(pair.key, rootPairs.count - 1))
        pairs.append(shifted(pair.value, rootPairs.count - 1))
      }
    }
    let root = Int32(records.count)
    records.append(
      YAMLTree.Record(
        kind: YAMLTree.mappingKind, data: UInt32(children.count), count: UInt32(pairs.count),
        start: rootStart, end: rootEnd))
    children.append(contentsOf: pairs)
    let tree = YAMLTree(records: records, children: children, texts: texts, tags: tags)
    return .document(tree, root: YAMLNode(root))
  }
}

extension YAMLParser {
  /// Parses `file` both in pieces (splitting at pieces of `minimumPiece` bytes, far smaller
  /// than in real runs) and whole, and says where the trees differ: `nil` when they agree
  /// or the file is not split. For tests and the fuzzer, which hold the split to its
  /// promise on any input.
  public static func differenceOfPiecewiseParse(
    _ file: SourceFile, minimumPiece: Int
  ) -> String? {
    guard
      case .document(let split, let splitRoot)? = YAMLSplitter.parse(
        file, limits: .standard, minimumPiece: minimumPiece)
    else { return nil }
    var problems: [FrontEndProblem] = []
    guard
      case .document(let whole, let wholeRoot) = parseWhole(
        file, limits: .standard, problems: &problems)
    else { return "the pieces parse, the whole file does not: \(problems.map(\.message))" }
    return split.difference(splitRoot, from: whole, wholeRoot)
  }
}

extension YAMLTree {
  /// Where the subtree at `node` differs from `other`'s at `otherNode` (kinds, texts,
  /// styles, tags, positions), or `nil`. Iterative, so any depth is fine.
  func difference(_ node: YAMLNode, from other: YAMLTree, _ otherNode: YAMLNode) -> String? {
    var pending = [(node, otherNode, "/")]
    while let (x, y, path) = pending.popLast() {
      guard kind(of: x) == other.kind(of: y) else { return "\(path): kinds differ" }
      guard start(of: x) == other.start(of: y), end(of: x) == other.end(of: y) else {
        return "\(path): positions differ: \(start(of: x))-\(end(of: x)) and "
          + "\(other.start(of: y))-\(other.end(of: y))"
      }
      switch kind(of: x) {
      case .scalar:
        guard text(of: x) == other.text(of: y), style(of: x) == other.style(of: y),
          tag(of: x) == other.tag(of: y)
        else { return "\(path): scalars differ" }
      case .sequence:
        let (mine, theirs) = (items(of: x), other.items(of: y))
        guard mine.count == theirs.count else { return "\(path): lengths differ" }
        for (index, (m, n)) in zip(mine, theirs).enumerated() {
          pending.append((m, n, "\(path)\(index)/"))
        }
      case .mapping:
        let (mine, theirs) = (pairs(of: x), other.pairs(of: y))
        guard mine.count == theirs.count else { return "\(path): sizes differ" }
        for (m, n) in zip(mine, theirs) {
          let key = text(of: m.key) ?? "?"
          pending.append((m.key, n.key, "\(path)\(key):"))
          pending.append((m.value, n.value, "\(path)\(key)/"))
        }
      }
    }
    return nil
  }
}
