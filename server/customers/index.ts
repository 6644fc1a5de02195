// The customers' entry (issue 28.7): what the rest of server/ may use of it (lint/dependencies.cjs).
export {
  type BookingChannel,
  type BookingContact,
  customerMatches,
  type LinkedCustomer,
  linkCustomer,
} from "./link";
export { customerRoutes } from "./routes";
