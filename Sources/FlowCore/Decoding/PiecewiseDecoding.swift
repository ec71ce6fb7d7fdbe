/// Reading a flow file: parsing it and decoding its definitions, a large file in pieces on
/// all cores (issue 35 step 2).
///
/// A large file whose top-level `coordinators` is cut into pieces (``YAMLSplitter``) has
/// each piece's coordinators decoded in the task that parses the piece, with a
/// ``FileDecoder`` over that piece's own tree, which is released as soon as they are: no
/// tree of the whole file is built, decoding is as parallel as parsing, and the model is
/// never held beside a whole tree. What is left (the head before the coordinators, the
/// tail after them, and the coordinators' keys) is joined into a small outline tree, which
/// is decoded as a whole tree would be, each coordinator kept taken from its piece. The
/// result is the one ``YAMLParser/parse(_:limits:problems:)`` and
/// ``FileDecoder/decode(_:path:problems:isParallel:)`` give, problems in the same order.
///
/// A file that is mostly one coordinator, cut inside that coordinator's `screens`, has each
/// piece's screens decoded the same way, and the outline's `screens` holds their keys. A
/// split that goes down anywhere else keeps the join: its pieces' trees are joined into the
/// whole tree, which is decoded as before.
enum PiecewiseDecoding {
  /// What reading a file gave.
  enum Reading {
    /// The file's definitions (`nil` when it does not join the module) and its problems,
    /// its coordinators decoded in the pieces that parsed them.
    case decoded(FlowFile?, problems: [FrontEndProblem])
    /// The file's tree (parsed whole, or in pieces and joined) and the problems of parsing
    /// it, to be decoded as a whole.
    case parsed(YAMLDocument, problems: [FrontEndProblem])
  }

  /// Parses `file`, and decodes it when it is parsed in pieces of its coordinators. Tests
  /// cut small files (`splitThreshold`, `minimumPiece`) into pieces far smaller than real
  /// runs do.
  static func read(
    _ file: SourceFile, limits: YAMLLimits, splitThreshold: Int = YAMLParser.splitThreshold,
    minimumPiece: Int = YAMLSplitter.minimumPieceSize
  ) -> Reading {
    var problems: [FrontEndProblem] = []
    func whole() -> Reading {
      .parsed(YAMLParser.parseWhole(file, limits: limits, problems: &problems), problems: problems)
    }
    if let refusal = YAMLParser.refusal(of: file, limits: limits) {
      return .parsed(.broken, problems: [refusal])
    }
    guard file.bytes.count >= splitThreshold,
      let plan = YAMLSplitter.plan(
        file.bytes, from: file.byteOrderMarkLength, minimumPiece: minimumPiece)
    else { return whole() }
    let path = file.path
    if plan.path == ["coordinators"] {
      guard
        let outline = YAMLSplitter.parse(
          file, plan: plan, limits: limits,
          entries: { tree, root in FileDecoder.coordinators(ofPiece: tree, root: root, path: path) }
        ),
        let coordinators = FileDecoder.PieceDefinitions(
          outline.entries, keys: outline.tree.pairs(of: outline.splitValue))
      else { return whole() }
      let decoded = FileDecoder.decode(
        outline: outline.tree, root: outline.root, path: path, coordinators: coordinators,
        problems: &problems)
      return .decoded(decoded, problems: problems)
    }
    if plan.path.count == 3, plan.path[0] == "coordinators", plan.path[2] == "screens" {
      let coordinator = plan.path[1]
      guard
        let outline = YAMLSplitter.parse(
          file, plan: plan, limits: limits,
          entries: { tree, root in
            FileDecoder.screens(ofPiece: tree, root: root, path: path, coordinator: coordinator)
          }),
        let screens = FileDecoder.PieceDefinitions(
          outline.entries, keys: outline.tree.pairs(of: outline.splitValue))
      else { return whole() }
      let decoded = FileDecoder.decode(
        outline: outline.tree, root: outline.root, path: path, screens: screens,
        problems: &problems)
      return .decoded(decoded, problems: problems)
    }
    guard let joined = YAMLSplitter.parse(file, plan: plan, limits: limits) else {
      return whole()
    }
    return .parsed(joined, problems: [])
  }
}

extension PiecewiseDecoding {
  /// Where `file` read in pieces of at least `minimumPiece` bytes (however small it is)
  /// differs from it parsed and decoded whole: `nil` when they agree or its coordinators
  /// are not decoded in pieces. For tests and the fuzzer.
  static func difference(_ file: SourceFile, minimumPiece: Int) -> String? {
    guard
      case .decoded(let split, let problems) = read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: minimumPiece)
    else { return nil }
    var wholeProblems: [FrontEndProblem] = []
    let document = YAMLParser.parseWhole(file, limits: .standard, problems: &wholeProblems)
    let whole = FileDecoder.decode(document, path: file.path, problems: &wholeProblems)
    return difference(split: (split, problems), whole: (whole, wholeProblems))
  }

  /// Where a file decoded in pieces differs from it decoded whole, or `nil`.
  static func difference(
    split: (file: FlowFile?, problems: [FrontEndProblem]),
    whole: (file: FlowFile?, problems: [FrontEndProblem])
  ) -> String? {
    func shown(_ value: some Any) -> String { String(String(describing: value).prefix(2_000)) }
    for (index, (mine, theirs)) in zip(split.problems, whole.problems).enumerated()
    where mine != theirs {
      return "problem \(index) differs: \(shown(mine)) and \(shown(theirs))"
    }
    if split.problems.count != whole.problems.count {
      return "\(split.problems.count) problems and \(whole.problems.count): "
        + shown(split.problems.count > whole.problems.count ? split.problems : whole.problems)
    }
    guard let mine = split.file, let theirs = whole.file else {
      return split.file == nil && whole.file == nil ? nil : "only one file joins the module"
    }
    for (index, (one, other)) in zip(mine.coordinators, theirs.coordinators).enumerated()
    where one != other {
      return "coordinator \(index) differs: \(shown(one)) and \(shown(other))"
    }
    if mine.coordinators.count != theirs.coordinators.count {
      return "\(mine.coordinators.count) coordinators and \(theirs.coordinators.count)"
    }
    if mine.sharedUses != theirs.sharedUses {
      return "shared uses differ: \(shown(mine.sharedUses)) and \(shown(theirs.sharedUses))"
    }
    return mine == theirs ? nil : "the files differ outside their coordinators"
  }
}
