import {
  to = ardoq_reference.payments_part_of_billing
  id = "5eed00000000000000001001"
}
