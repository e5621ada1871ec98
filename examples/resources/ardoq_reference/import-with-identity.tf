# Terraform 1.12 and later: import by the resource identity, which is the reference's id.
import {
  to       = ardoq_reference.payments_part_of_billing
  identity = { id = "5eed00000000000000001001" }
}
