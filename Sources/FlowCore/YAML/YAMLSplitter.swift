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
  /// One piece: a range of bytes that begins a line, that line's number, and its
  /// indentation.
  struct Piece {
    var range: Range<Int>
    var firstLine: Int
    var indent = 0
  }

  /// The file's tree, parsed in pieces; `nil` when the file's shape does not allow it or a
  /// piece did not parse cleanly (then the caller parses the whole file).
  static func parse(
    _ file: SourceFile, limits: YAMLLimits, minimumPiece: Int = minimumPieceSize
  ) -> YAMLDocument? {
    guard let plan = plan(file.bytes, from: file.byteOrderMarkLength, minimumPiece: minimumPiece)
    else { return nil }
    return parse(file, plan: plan, limits: limits)
  }

  /// The file's tree, parsed in the pieces of `plan`; `nil` when a piece did not parse
  /// cleanly.
  static func parse(_ file: SourceFile, plan: Plan, limits: YAMLLimits) -> YAMLDocument? {
    let pieces = plan.pieces
    let pieceLimits = limitsOfPieces(plan, limits)
    let parsed = parallelMap(Array(pieces.indices)) { index in
      YAMLParser.parsePiece(
        file, range: pieces[index].range, firstLine: pieces[index].firstLine,
        limits: pieceLimits[index])
    }
    guard parsed.allSatisfy({ $0 != nil }) else { return nil }
    var parts = consume parsed
    return join(&parts, plan: plan)?.document
  }

  /// The bounds each piece of `plan` is parsed within, in the order of ``Plan/pieces``.
  /// The entries' root stands `path.count` levels below the file's root in the whole file,
  /// a tail's at its level: each piece gets no more depth than the whole parse would allow
  /// it (the entries one level less, as before), the head the full bound.
  private static func limitsOfPieces(_ plan: Plan, _ limits: YAMLLimits) -> [YAMLLimits] {
    func lowered(by levels: Int) -> YAMLLimits {
      YAMLLimits(
        maxDepth: max(0, limits.maxDepth - levels), maxAliasExpansion: limits.maxAliasExpansion,
        maxFileSize: limits.maxFileSize)
    }
    return [limits] + plan.entries.map { _ in lowered(by: plan.path.count + 1) }
      + plan.tails.map { lowered(by: $0.level) }
  }

  /// What ``parse(_:plan:limits:entries:)`` gives: the outline of the file (the tree a whole
  /// parse would give, with each entry of the split value's mapping holding null instead
  /// of its value), the split value's mapping in it, and what `entries` made of each entry
  /// piece, in file order.
  struct Outline<Entries: Sendable> {
    var tree: YAMLTree
    var root: YAMLNode
    /// The split value: its pairs are the entry pieces' pairs, in file order, each piece's
    /// pairs as many as its root mapping has.
    var splitValue: YAMLNode
    var entries: [Entries]
  }

  /// Parses the pieces of `plan` and hands each entry piece's tree (its root a mapping,
  /// every position as in the whole file) to `entries` in the task that parsed it; the tree
  /// is released when that returns, and only the keys of its root mapping are joined, each
  /// with a null value. `nil` when a piece did not parse cleanly, its root is not a
  /// mapping of scalar keys, or `entries` gave `nil`.
  static func parse<Entries: Sendable>(
    _ file: SourceFile, plan: Plan, limits: YAMLLimits,
    entries: @Sendable (YAMLTree, YAMLNode) -> Entries?
  ) -> Outline<Entries>? {
    let pieces = plan.pieces
    let pieceLimits = limitsOfPieces(plan, limits)
    let entryPieces = 1...plan.entries.count
    let outcomes = parallelMap(Array(pieces.indices)) {
      index -> (part: (tree: YAMLTree, root: YAMLNode), entries: Entries?)? in
      guard
        let parsed = YAMLParser.parsePiece(
          file, range: pieces[index].range, firstLine: pieces[index].firstLine,
          limits: pieceLimits[index])
      else { return nil }
      guard entryPieces.contains(index) else { return (parsed, nil) }
      guard let keys = keysOnly(parsed.tree, parsed.root),
        let made = entries(placed(parsed.tree, piece: index, of: pieces), parsed.root)
      else { return nil }
      return (keys, made)
    }
    var parts: [(tree: YAMLTree, root: YAMLNode)?] = []
    var made: [Entries] = []
    for outcome in outcomes {
      guard let outcome else { return nil }
      parts.append(outcome.part)
      if let entries = outcome.entries { made.append(entries) }
    }
    guard made.count == plan.entries.count,
      let joined = join(&parts, plan: plan),
      case .document(let tree, let root) = joined.document
    else { return nil }
    return Outline(tree: tree, root: root, splitValue: joined.splitValue, entries: made)
  }

  /// A piece's tree with only its root mapping's keys, each with a null value (at the key's
  /// end), the root's own record kept: what ``join(_:plan:)`` needs of an entry piece to
  /// place the split value's mapping and its keys. `nil` when the root is not a mapping or
  /// a key is not a scalar.
  private static func keysOnly(_ tree: YAMLTree, _ root: YAMLNode) -> (
    tree: YAMLTree, root: YAMLNode
  )? {
    var rootRecord = tree.records[Int(root.index)]
    guard rootRecord.kind == YAMLTree.mappingKind else { return nil }
    let pairs = tree.pairs(of: root)
    rootRecord.data = 0
    var records = [rootRecord]
    var children: [YAMLNode] = []
    var texts = [""]
    var tags: [Int32: String] = [:]
    records.reserveCapacity(1 + 2 * pairs.count)
    children.reserveCapacity(2 * pairs.count)
    texts.reserveCapacity(1 + pairs.count)
    for (key, _) in pairs {
      var record = tree.records[Int(key.index)]
      guard record.kind < YAMLTree.sequenceKind else { return nil }
      let node = Int32(records.count)
      texts.append(tree.texts[Int(record.data)])
      record.data = UInt32(texts.count - 1)
      if let tag = tree.tags[key.index] { tags[node] = tag }
      records.append(record)
      records.append(
        YAMLTree.Record(
          kind: YAMLScalarStyle.plain.rawValue, data: 0, count: 0, start: record.end,
          end: record.end))
      children.append(YAMLNode(node))
      children.append(YAMLNode(node + 1))
    }
    return (YAMLTree(records: records, children: children, texts: texts, tags: tags), YAMLNode(0))
  }

  /// The tree of piece `number` of `pieces` with every position as in the whole file (see
  /// ``place(_:boundary:pieceEnd:)``); its children, texts and tags shared.
  private static func placed(_ tree: YAMLTree, piece number: Int, of pieces: [Piece]) -> YAMLTree {
    guard number > 0, number + 1 < pieces.count else { return tree }
    let next = pieces[number + 1]
    let boundary = SourcePosition(line: next.firstLine, column: next.indent + 1)
    let pieceEnd = SourcePosition(line: next.firstLine, column: 1)
    var records = tree.records
    for index in records.indices {
      place(&records[index], boundary: boundary, pieceEnd: pieceEnd)
    }
    return YAMLTree(records: records, children: tree.children, texts: tree.texts, tags: tree.tags)
  }

  /// A piece ends where the next begins, at the start of its first line (`pieceEnd`); in
  /// the whole file, the block collections that close there (and an empty value implied
  /// there) stand at the next piece's first key instead (`boundary`), as many columns in as
  /// that line is indented.
  private static func place(
    _ record: inout YAMLTree.Record, boundary: SourcePosition, pieceEnd: SourcePosition
  ) {
    switch record.kind {
    case YAMLTree.sequenceKind, YAMLTree.mappingKind:
      if record.end == pieceEnd { record.end = boundary }
    case YAMLTree.aliasKind:
      break
    default:
      // An empty value that closes a piece (after `? key`) stands at the next token.
      if record.start == pieceEnd, record.end == pieceEnd {
        (record.start, record.end) = (boundary, boundary)
      }
    }
  }

  /// How a file is cut: the head (up to and including the line of the last key of `path`),
  /// the entry groups of that key's value, and the tails (what follows that value at each
  /// level out to the top, each the rest of a mapping), if any.
  ///
  /// The value split is usually the top-level `coordinators:`, its entries the
  /// coordinators; when one entry is most of the value (a file that is one big coordinator)
  /// the split goes down into it, to its largest key (`screens:`), whose entries are cut
  /// into pieces instead, so that the file still parses on all cores.
  struct Plan {
    var head: Piece
    var entries: [Piece]
    /// The pieces after the split value, in file order: each the rest of the mapping at
    /// `level` (indentation 2 × level) that holds the path's key at that level.
    var tails: [Tail]
    /// The keys from the top level down to the one whose value is split, one per level.
    var path: [String]
    /// Where libyaml ends the stream: at the start of the line after the last one.
    var endOfFile: SourcePosition

    /// The head, the entries and the tails, in file order.
    var pieces: [Piece] { [head] + entries + tails.map(\.piece) }
  }

  /// A piece after the split value: the rest of the mapping at `level`.
  struct Tail {
    var piece: Piece
    var level: Int
  }

  /// Each line from `start`, as ``lineStarts(_:in:capacity:)`` reads it; `nil` when the bytes hold a
  /// byte that makes the file unsplittable (``containsUnsplittableByte(_:in:)``) or a line
  /// that refuses a split.
  ///
  /// A large file is read in `parts` runs of whole lines, on all cores: each run begins at
  /// the first line that starts at or after its share of the bytes, so that every line is in
  /// exactly one run, and the runs' lines, joined in order, are the lines of one pass.
  static func lines(_ bytes: [UInt8], from start: Int, parts: Int? = nil) -> [Line]? {
    let parts = parts ?? min(Parallel.cores, max(1, (bytes.count - start) / minimumScanPart))
    let seams = seams(bytes, from: start, parts: parts)
    var runs = Parallel.map(count: seams.count - 1, minimumChunk: 1) { part -> [Line]? in
      let run = seams[part]..<seams[part + 1]
      guard !containsUnsplittableByte(bytes, in: run) else { return nil }
      // The first run holds room for all: the others are appended to it without a copy of it.
      return lineStarts(bytes, in: run, capacity: part == 0 ? bytes.count - start : run.count)
    }
    guard var lines = runs[0].take() else { return nil }
    for index in runs.indices.dropFirst() {
      guard let run = runs[index] else { return nil }
      lines.append(contentsOf: run)
    }
    return lines
  }

  /// A run of lines smaller than this is not worth a core of its own.
  static let minimumScanPart = 1 << 20

  /// Where each of `parts` runs of whole lines from `start` begins, and where the last ends:
  /// the first line start at or after each share of the bytes. Runs may be empty.
  static func seams(_ bytes: [UInt8], from start: Int, parts: Int) -> [Int] {
    var seams = [start]
    let length = bytes.count - start
    for part in 1..<max(1, parts) {
      let share = start + length * part / parts
      // The line start at or after `share`: `share` itself after a line break, else the
      // byte after the next one.
      var seam = max(share, seams[seams.count - 1])
      while seam < bytes.count, seam > start, bytes[seam - 1] != UInt8(ascii: "\n") {
        seam = bytes[seam...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
      }
      seams.append(seam)
    }
    seams.append(bytes.count)
    return seams
  }

  /// Whether `range` of the bytes holds an anchor or alias marker (`&`, `*`), a carriage
  /// return, or the last byte of one of YAML 1.1's other line breaks: NEL (C2 85), LS
  /// (E2 80 A8) and PS (E2 80 A9), whose first bytes may stand before `range`. Eight bytes
  /// at a time: a word of ASCII bytes none of which is a marker is passed at once; the
  /// others are looked at byte by byte.
  static func containsUnsplittableByte(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      var index = range.lowerBound
      let end = range.upperBound
      while index + 8 <= end {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if mayHoldUnsplittableByte(word) {
          for offset in index..<(index + 8) where isUnsplittable(buffer, at: offset) {
            return true
          }
        }
        index += 8
      }
      while index < end {
        if isUnsplittable(buffer, at: index) { return true }
        index += 1
      }
      return false
    }
  }

  /// Whether any byte of `word` has its high bit set (a byte of a UTF-8 sequence) or is
  /// `&`, `*` or a carriage return: exact for the markers, so that a word without them, all
  /// ASCII, is passed.
  @inline(__always)
  private static func mayHoldUnsplittableByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte of `x` is zero: some byte of `(x - ones) & ~x & highs` is set (exact as to
    // whether any is, for a word of any bytes).
    func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    return word & highs != 0 || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "&"))))
      || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "*"))))
      || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\r"))))
  }

  /// Whether the byte at `index` makes the file unsplittable, alone or as the end of a line
  /// break (whose first bytes are read from the whole buffer).
  @inline(__always)
  private static func isUnsplittable(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    switch buffer[index] {
    case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "\r"):
      return true
    case 0x85:
      return index >= 1 && buffer[index - 1] == 0xC2
    case 0xA8, 0xA9:
      return index >= 2 && buffer[index - 2] == 0xE2 && buffer[index - 1] == 0x80
    default:
      return false
    }
  }

  /// Each line that starts in `range` (which starts a line): its offset, its indentation,
  /// and its first byte after the indentation (`\n` for a blank line); `nil` when a line at
  /// indentation 0 is a document marker, a directive, or a sequence entry (a top level that
  /// is not a mapping). Room is made for `capacity` bytes' worth of lines.
  private static func lineStarts(_ bytes: [UInt8], in range: Range<Int>, capacity: Int)
    -> [Line]?
  {
    bytes.withUnsafeBufferPointer { buffer -> [Line]? in
      guard let base = buffer.baseAddress else { return [] }
      var lines: [Line] = []
      lines.reserveCapacity(capacity / 24)
      var offset = range.lowerBound
      while offset < range.upperBound {
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
  struct Line: Equatable {
    var offset: Int
    var indent: Int
    var first: UInt8
  }

  /// Files below this size are not worth splitting.
  static let minimumPieceSize = 64 << 10

  /// The size a piece is cut at, at most, however large the file: each core holds the tree
  /// of the piece it decodes beside the model decoded so far, a tree takes about ten
  /// times its piece's bytes, and a piece of a few megabytes made that tree a fifth of
  /// `check`'s peak memory on a 10 MB file.
  static let largestPieceTarget = 256 << 10

  /// Works out the pieces, or `nil` when the file must be parsed whole. Anything that could
  /// make a piece read differently alone than in the file sends it to the whole parse:
  /// anchors and aliases, document markers and directives, line breaks other than `\n`,
  /// top-level lines that are not plain `key:` lines, and lines in a split value (at every
  /// level the split goes down) that are less indented than its entries, or at its entries'
  /// indentation and not plain `key:` lines.
  static func plan(_ bytes: [UInt8], from start: Int, minimumPiece: Int = minimumPieceSize)
    -> Plan?
  {
    // Top-level lines: the largest run between one and the next is the value to split.
    guard let lines = lines(bytes, from: start) else { return nil }
    let topLevel = lines.indices.filter { lines[$0].indent == 0 && isContent(lines[$0]) }
    guard !topLevel.isEmpty else { return nil }
    // Every top-level line must start a plain `key:` of the root mapping: then the pieces
    // after the split value (the tails) are that mapping's keys too, as in the whole file.
    for index in topLevel {
      guard plainKey(bytes, lines, at: index) != nil else { return nil }
    }
    var best: Int?
    var bestSize = 0
    for (position, line) in topLevel.enumerated() {
      let next = position + 1 < topLevel.count ? lines[topLevel[position + 1]].offset : bytes.count
      let size = next - lines[line].offset
      if size > bestSize { (best, bestSize) = (line, size) }
    }
    guard let best, bestSize >= 2 * minimumPiece,
      let split = split(bytes, lines, key: best, level: 0, minimumPiece: minimumPiece)
    else { return nil }

    // What follows the split value, level by level out to the top: each run of lines from
    // one at the indentation of a level to the next less indented one.
    var tails: [Tail] = []
    var line = split.valueEnd
    while line < lines.count {
      let indent = lines[line].indent
      var next = line + 1
      while next < lines.count, !isContent(lines[next]) || lines[next].indent >= indent {
        next += 1
      }
      let end = next < lines.count ? lines[next].offset : bytes.count
      tails.append(
        Tail(
          piece: Piece(range: lines[line].offset..<end, firstLine: line + 1, indent: indent),
          level: indent / 2))
      line = next
    }
    let head = Piece(range: start..<split.entries[0].range.lowerBound, firstLine: 1)
    let endOfFile = SourcePosition(line: lines.count + 1, column: 1)
    return Plan(
      head: head, entries: split.entries, tails: tails, path: split.path, endOfFile: endOfFile)
  }

  /// Whether a line holds more than blanks and a comment.
  private static func isContent(_ line: Line) -> Bool {
    line.first != UInt8(ascii: "\n") && line.first != UInt8(ascii: "#")
  }

  /// The key of line `index` when it is a plain `key:` (followed by a blank or the line's
  /// end) at its indentation, with whether the line ends right after the colon (a block
  /// value follows); `nil` otherwise.
  private static func plainKey(_ bytes: [UInt8], _ lines: [Line], at index: Int)
    -> (key: ArraySlice<UInt8>, endsAtColon: Bool)?
  {
    let line = lines[index]
    var end = index + 1 < lines.count ? lines[index + 1].offset - 1 : bytes.count
    // The last line's break, when the file ends with one, is not part of it.
    if end == bytes.count, end > line.offset, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
    let text = bytes[(line.offset + line.indent)..<end]
    guard let colon = text.firstIndex(of: UInt8(ascii: ":")), isPlainKey(text[..<colon]),
      colon + 1 == end || bytes[colon + 1] == UInt8(ascii: " ")
    else { return nil }
    return (text[..<colon], bytes[(colon + 1)..<end].allSatisfy { $0 == UInt8(ascii: " ") })
  }

  /// The deepest levels a split goes down to find a value whose entries are small enough.
  private static let maximumLevels = 6

  /// What ``split(_:_:key:level:minimumPiece:)`` works out: the keys down to the split
  /// value, its entry pieces, and the line its value ends before.
  private struct Split {
    var path: [String]
    var entries: [Piece]
    var valueEnd: Int
  }

  /// Cuts the block value of the plain key on line `key` (at indentation 2 × `level`) into
  /// pieces at its entries, or, when one entry is most of it, goes down into that entry
  /// (when its shape allows) and cuts there; `nil` when the value cannot be cut.
  private static func split(
    _ bytes: [UInt8], _ lines: [Line], key: Int, level: Int, minimumPiece: Int
  ) -> Split? {
    guard let found = plainKey(bytes, lines, at: key), found.endsAtColon else {
      return nil
    }
    let indent = 2 * level
    let entryIndent = indent + 2
    // The value: the lines up to the next content line at the key's indentation or less.
    var valueEnd = key + 1
    var entryStarts: [Int] = []
    while valueEnd < lines.count {
      let line = lines[valueEnd]
      if isContent(line) {
        if line.indent <= indent { break }
        // Every content line of the value is at its entries' indentation or deeper, and
        // those at it are plain `key:` lines.
        if line.indent < entryIndent { return nil }
        if line.indent == entryIndent {
          guard plainKey(bytes, lines, at: valueEnd) != nil else { return nil }
          entryStarts.append(valueEnd)
        }
      }
      valueEnd += 1
    }
    guard entryStarts.count >= 1, let firstEntry = entryStarts.first else { return nil }
    let valueEndOffset = valueEnd < lines.count ? lines[valueEnd].offset : bytes.count
    let valueSize = valueEndOffset - lines[firstEntry].offset
    func entryEnd(_ position: Int) -> Int {
      position + 1 < entryStarts.count ? lines[entryStarts[position + 1]].offset : valueEndOffset
    }
    let path = [String(decoding: found.key, as: UTF8.self)]

    // One entry most of the value: cut inside it instead, if it can be. Cut here, the
    // largest piece would be that entry; cut inside it, the entries before it and those
    // after it would each be one piece (the head, a tail): go down only when that at least
    // halves the largest piece.
    if level + 1 < maximumLevels {
      var largest = 0
      var largestSize = 0
      for position in entryStarts.indices {
        let size = entryEnd(position) - lines[entryStarts[position]].offset
        if size > largestSize { (largest, largestSize) = (position, size) }
      }
      let before = lines[entryStarts[largest]].offset - lines[firstEntry].offset
      let after = valueEndOffset - entryEnd(largest)
      if 2 * max(before, after) < largestSize, largestSize >= 2 * minimumPiece,
        let inner = descend(
          bytes, lines, entry: entryStarts[largest], end: entryEnd(largest), level: level + 1,
          minimumPiece: minimumPiece)
      {
        return Split(path: path + inner.path, entries: inner.entries, valueEnd: inner.valueEnd)
      }
    }

    // Group entries into pieces of at least the minimum size, a few per core, and no larger
    // than a piece whose tree is small beside the model.
    guard entryStarts.count >= 2 else { return nil }
    let target = max(minimumPiece, min(valueSize / (Parallel.cores * 4), Self.largestPieceTarget))
    var entries: [Piece] = []
    var groupStart = firstEntry
    for position in entryStarts.indices {
      let nextStart = entryEnd(position)
      if nextStart - lines[groupStart].offset >= target || position + 1 == entryStarts.count {
        entries.append(
          Piece(
            range: lines[groupStart].offset..<nextStart, firstLine: groupStart + 1,
            indent: entryIndent))
        if position + 1 < entryStarts.count { groupStart = entryStarts[position + 1] }
      }
    }
    guard entries.count >= 2 else { return nil }
    return Split(path: path, entries: entries, valueEnd: valueEnd)
  }

  /// The split inside the entry on line `entry` (at `level`, its bytes ending at `end`): of
  /// the value of its largest key, which must be a block mapping; `nil` when its shape does
  /// not allow one. The entry's other keys go to the head and the tails.
  private static func descend(
    _ bytes: [UInt8], _ lines: [Line], entry: Int, end: Int, level: Int, minimumPiece: Int
  ) -> Split? {
    guard let found = plainKey(bytes, lines, at: entry), found.endsAtColon else { return nil }
    // The entry's keys, one level in; every content line of its value at that indentation
    // or deeper (`split` checks the rest of that value's lines).
    let keyIndent = 2 * level + 2
    var keys: [Int] = []
    var line = entry + 1
    while line < lines.count, lines[line].offset < end {
      if isContent(lines[line]) {
        if lines[line].indent < keyIndent { return nil }
        if lines[line].indent == keyIndent {
          guard plainKey(bytes, lines, at: line) != nil else { return nil }
          keys.append(line)
        }
      }
      line += 1
    }
    var best: Int?
    var bestSize = 0
    for (position, key) in keys.enumerated() {
      let next = position + 1 < keys.count ? lines[keys[position + 1]].offset : end
      let size = next - lines[key].offset
      if size > bestSize { (best, bestSize) = (key, size) }
    }
    guard let best, bestSize >= 2 * minimumPiece,
      let inner = split(bytes, lines, key: best, level: level + 1, minimumPiece: minimumPiece)
    else { return nil }
    return Split(
      path: [String(decoding: found.key, as: UTF8.self)] + inner.path, entries: inner.entries,
      valueEnd: inner.valueEnd)
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

  /// The tree a whole parse would give: the head's root mapping, the mappings down the
  /// plan's path each with its last key's value made of the next one, the last key's value
  /// made of every entry piece's pairs, and each tail's pairs after those of the mapping at
  /// its level. `parts` are the head, the entry pieces and the tails, in order; each is
  /// released as soon as it is copied, so that the pieces and the joined tree are not all
  /// held at once.
  private static func join(
    _ parts: inout [(tree: YAMLTree, root: YAMLNode)?], plan: Plan
  ) -> (document: YAMLDocument, splitValue: YAMLNode)? {
    let entryCount = plan.entries.count
    let pieces = plan.pieces
    // What the joined mappings are made of, read before the parts are released: the
    // head's mapping at each level of the path, and each part's root pairs.
    var rootPairs: [[(key: YAMLNode, value: YAMLNode)]] = []
    var roots: [YAMLNode] = []
    var sizes = (records: 2 + plan.path.count, children: 16, texts: 0)
    for part in parts {
      guard let part, part.tree.kind(of: part.root) == .mapping else { return nil }
      rootPairs.append(Array(part.tree.pairs(of: part.root)))
      roots.append(part.root)
      sizes.records += part.tree.records.count
      sizes.children += part.tree.children.count
      sizes.texts += part.tree.texts.count
    }
    guard let head = parts.first ?? nil else { return nil }
    var levels: [(pairs: [(key: YAMLNode, value: YAMLNode)], start: SourcePosition)] = []
    var mapping = head.root
    for (level, key) in plan.path.enumerated() {
      let pairs = Array(head.tree.pairs(of: mapping))
      guard head.tree.kind(of: mapping) == .mapping, let last = pairs.last,
        head.tree.text(of: last.key) == key
      else { return nil }
      levels.append((pairs, head.tree.start(of: mapping)))
      if level + 1 < plan.path.count {
        guard head.tree.kind(of: last.value) == .mapping else { return nil }
        mapping = last.value
      } else {
        guard head.tree.isNull(last.value) else { return nil }
      }
    }
    // The tail (its part) at each level.
    var tailPart: [Int: Int] = [:]
    for (number, tail) in plan.tails.enumerated() { tailPart[tail.level] = entryCount + 1 + number }

    var records: [YAMLTree.Record] = []
    var children: [YAMLNode] = []
    var texts: [String] = []
    var tags: [Int32: String] = [:]
    records.reserveCapacity(sizes.records)
    children.reserveCapacity(sizes.children)
    texts.reserveCapacity(sizes.texts)
    // Each part's nodes are copied after the previous part's, their indices shifted, and
    // placed as in the whole file (``place(_:boundary:pieceEnd:)``).
    var bases: [Int32] = []
    for number in parts.indices {
      guard let part = parts[number] else { return nil }
      parts[number] = nil
      let next = number > 0 && number + 1 < pieces.count ? pieces[number + 1] : nil
      let boundary = next.map { SourcePosition(line: $0.firstLine, column: $0.indent + 1) }
      let pieceEnd = next.map { SourcePosition(line: $0.firstLine, column: 1) }
      let nodeBase = Int32(records.count)
      let childBase = UInt32(children.count)
      let textBase = UInt32(texts.count)
      bases.append(nodeBase)
      for var record in part.tree.records {
        switch record.kind {
        case YAMLTree.sequenceKind, YAMLTree.mappingKind: record.data += childBase
        case YAMLTree.aliasKind: record.data += UInt32(nodeBase)
        default: record.data += textBase
        }
        if let boundary, let pieceEnd { place(&record, boundary: boundary, pieceEnd: pieceEnd) }
        records.append(record)
      }
      for child in part.tree.children { children.append(YAMLNode(child.index + nodeBase)) }
      texts.append(contentsOf: part.tree.texts)
      for (node, tag) in part.tree.tags { tags[node + nodeBase] = tag }
    }
    func shifted(_ node: YAMLNode, _ part: Int) -> YAMLNode { YAMLNode(node.index + bases[part]) }
    /// Where a part's root closes in the whole file.
    func end(ofRootOf part: Int) -> SourcePosition {
      records[Int(shifted(roots[part], part).index)].end
    }

    // The split value: one mapping of every entry piece's pairs.
    var entryPairs: [YAMLNode] = []
    for part in 1...entryCount {
      for pair in rootPairs[part] {
        entryPairs.append(shifted(pair.key, part))
        entryPairs.append(shifted(pair.value, part))
      }
    }
    guard let firstKey = entryPairs.first else { return nil }
    var inner = Int32(records.count)
    let splitValue = YAMLNode(inner)
    var innerEnd = end(ofRootOf: entryCount)
    records.append(
      YAMLTree.Record(
        kind: YAMLTree.mappingKind, data: UInt32(children.count), count: UInt32(entryPairs.count),
        start: records[Int(firstKey.index)].start, end: innerEnd))
    children.append(contentsOf: entryPairs)

    // The mappings down the path, innermost first: the head's pairs, the last key now with
    // the mapping below, then the pairs of the tail at that level.
    for level in levels.indices.reversed() {
      var pairs: [YAMLNode] = []
      for pair in levels[level].pairs.dropLast() {
        pairs.append(shifted(pair.key, 0))
        pairs.append(shifted(pair.value, 0))
      }
      if let last = levels[level].pairs.last { pairs.append(shifted(last.key, 0)) }
      pairs.append(YAMLNode(inner))
      if let part = tailPart[level] {
        for pair in rootPairs[part] {
          pairs.append(shifted(pair.key, part))
          pairs.append(shifted(pair.value, part))
        }
        innerEnd = end(ofRootOf: part)
      } else if level == 0 {
        // The root closes at the end of the stream, as a tail's root does.
        innerEnd = plan.endOfFile
      }
      inner = Int32(records.count)
      records.append(
        YAMLTree.Record(
          kind: YAMLTree.mappingKind, data: UInt32(children.count), count: UInt32(pairs.count),
          start: levels[level].start, end: innerEnd))
      children.append(contentsOf: pairs)
    }
    let tree = YAMLTree(records: records, children: children, texts: texts, tags: tags)
    return (.document(tree, root: YAMLNode(inner)), splitValue)
  }
}

extension YAMLParser {
  /// Parses `file` both in pieces (splitting at pieces of `minimumPiece` bytes, far smaller
  /// than in real runs) and whole, and says where the trees differ, or, when the file's
  /// coordinators (or one big coordinator's screens) are decoded in pieces, where the
  /// definitions and problems that gives differ from decoding the whole tree: `nil` when
  /// they agree or the file is not split. For tests and the fuzzer, which hold the split to
  /// its promise on any input.
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
    if let difference = split.difference(splitRoot, from: whole, wholeRoot) { return difference }
    return PiecewiseDecoding.difference(file, minimumPiece: minimumPiece)
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
