#if canImport(SwiftUI)
  import SwiftUI

  // What each screen of Screens.swift draws. A button sends its screen's event; where the
  // flow goes next is the coordinators' business.

  extension Login: View {
    var body: some View { LoginForm(send: send) }
  }

  /// The form of ``Login``, with the email typed so far.
  private struct LoginForm: View {
    let send: @MainActor (SignInCoordinator.LoginEvent) -> Void
    @State private var email = ""

    var body: some View {
      List {
        TextField("Email", text: $email)
        Button("Sign in") { send(.submitted(User(email: email))) }
        Button("Forgot password?") { send(.forgotPassword) }
        Button("Close", role: .cancel) { send(.close) }
      }
      .navigationTitle("Sign in")
    }
  }

  extension ResetPassword: View {
    var body: some View {
      List {
        Button("Send the link") { send(.sent) }
      }
      .navigationTitle("Reset password")
    }
  }

  /// The sidebar of the shop's split: a product tapped is shown in the detail column beside
  /// it (on an iPhone, pushed over it).
  extension Catalog: View {
    var body: some View {
      List {
        ForEach(products, id: \.id) { product in
          Button(product.name) { send(.selected(product)) }
        }
        Button("Sign out", role: .destructive) { send(.signOut) }
      }
      .navigationTitle("Catalog")
    }
  }

  extension ProductDetail: View {
    var body: some View {
      List {
        Text(product.name)
        Button("Buy") { send(.buy(product)) }
      }
      .navigationTitle(product.name)
    }
  }

  extension Receipt: View {
    var body: some View {
      List {
        Text("Thank you for buying \(order.product.name).")
        Button("Show my orders") { send(.viewOrders) }
        Button("Done") { send(.done) }
      }
      .navigationTitle("Receipt")
    }
  }

  extension Payment: View {
    var body: some View {
      List {
        Button("Pay for \(product.name)") { send(.pay(product)) }
        Button("Cancel", role: .cancel) { send(.cancel) }
      }
      .navigationTitle("Payment")
    }
  }

  extension OrderList: View {
    var body: some View {
      List {
        ForEach(book.placed.indices, id: \.self) { index in
          Label(book.placed[index].product.name, systemImage: "shippingbox")
        }
      }
      .navigationTitle("Orders")
    }
  }
#endif
