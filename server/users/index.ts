// The users part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { presentUser } from "./presenter";
export { createUser, findUserByEmail, ownerTimeZone } from "./service";
