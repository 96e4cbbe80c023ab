ALTER TABLE "haccp_chain" DROP CONSTRAINT "haccp_chain_serial_number_appliances_serial_number_fk";
