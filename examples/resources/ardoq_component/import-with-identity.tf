# Terraform 1.12 and later: import by the resource identity, which is the component's id.
import {
  to       = ardoq_component.customer_management
  identity = { id = "5eed0000000000000000c001" }
}
