/// The accessibility identifiers of a flow's screens, of their events and of its alerts'
/// buttons, which UI tests look for (`flowc tests --kind xcuitest|maestro`). Generated code
/// extends it with an enum per coordinator (`FlowAccessibility.Auth`; `Shared` for the shared
/// screens): a constant per screen (`FlowAccessibility.Auth.signIn == "Auth.SignIn"`), which
/// the routers set on the screen they show unless the app set one, and an enum per screen of
/// its events' (`FlowAccessibility.Auth.SignIn.submitted`), for the app to put on the
/// controls that send them, and per alert of its buttons'.
///
/// In debug builds the generated coordinators also answer decisions from launch arguments
/// once the app calls ``FlowLaunchAnswers/read(_:)``.
public nonisolated enum FlowAccessibility {}
