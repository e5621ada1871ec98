# Runs against the emulator started with
#   ardoq-emulator -addr 127.0.0.1:8080 -token test-token -org test
# and never against the org ARDOQ_BASE_URL names: settings in this block win over the environment.
provider "ardoq" {
  base_url  = "http://127.0.0.1:8080"
  api_token = "test-token"
  org       = "test"
}

variables {
  name    = "Web Shop (test)"
  owner   = "team-storefront"
  modules = ["Checkout", "Catalog"]
}

# A plan only: the variable's validation refuses a stage the Lifecycle field does not have.
run "refuses_an_unknown_stage" {
  command = plan

  variables {
    stage = "sunset"
  }

  expect_failures = [var.stage]
}

run "creates_the_application" {
  assert {
    condition     = ardoq_component.application.custom_fields.lifecycle == "live"
    error_message = "The application's lifecycle is not the default stage."
  }

  assert {
    condition     = length(output.module_ids) == 2
    error_message = "The application does not have its two modules."
  }
}

# What Ardoq holds, read back by a helper module after the apply above.
run "ardoq_holds_it" {
  module {
    source = "./tests/read-back"
  }

  variables {
    application_id = run.creates_the_application.application_id
  }

  assert {
    condition     = data.ardoq_component.application.type_name == "Application" && data.ardoq_component.application.custom_fields.owner == "team-storefront"
    error_message = "Ardoq does not hold the application as the module made it."
  }

  assert {
    condition     = toset(data.ardoq_components.modules.components[*].name) == toset(["Checkout", "Catalog"])
    error_message = "The application's children in Ardoq are not its two modules."
  }
}
