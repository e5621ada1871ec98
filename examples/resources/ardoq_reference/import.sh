# Import a reference by its Ardoq id (24 hexadecimal characters).
terraform import ardoq_reference.payments_part_of_billing 5eed00000000000000001001
