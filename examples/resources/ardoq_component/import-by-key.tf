# An import block takes the component key (the "Ardoq ID" shown in the Ardoq app) as well as the id.
import {
  to = ardoq_component.customer_management
  id = "CAP-1"
}
