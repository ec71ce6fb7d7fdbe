/// Finds the paths of ``testPaths(for:cover:limits:)``.
struct PathGenerator {
  let resolved: ResolvedModule
  let cover: PathCoverage
  let limits: PathSearchLimits

  func run() -> PathSet {
    PathSet(cover: cover)
  }
}
