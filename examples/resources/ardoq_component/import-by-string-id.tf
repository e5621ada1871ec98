import {
  to = ardoq_component.customer_management
  id = "5eed0000000000000000c001"
}
