import { describe, expect, it } from "vitest";
import { driverProblem } from "./drivers";

const rental = { pickupDate: "2027-03-10", returnDate: "2027-03-14", minDriverAge: 25 };
const driver = { licenceExpiry: "2029-01-01", birthDate: "1990-06-15" };

describe("a driver at check-out (issue 28.2)", () => {
  it("may drive with a licence valid through the return and the age the rule asks", () => {
    expect(driverProblem(driver, rental)).toBeNull();
    expect(driverProblem({ ...driver, licenceExpiry: "2027-03-14" }, rental)).toBeNull();
    expect(driverProblem({ ...driver, birthDate: "2002-03-10" }, rental)).toBeNull();
  });

  it("is refused with a licence expired or expiring before the return", () => {
    expect(driverProblem({ ...driver, licenceExpiry: "2027-03-09" }, rental)).toBe("licenceExpired");
    expect(driverProblem({ ...driver, licenceExpiry: "2027-03-10" }, rental)).toBe("licenceExpiresBeforeReturn");
    expect(driverProblem({ ...driver, licenceExpiry: "2027-03-13" }, rental)).toBe("licenceExpiresBeforeReturn");
  });

  it("is refused under the minimum age on the pickup date, and never without a rule", () => {
    expect(driverProblem({ ...driver, birthDate: "2002-03-11" }, rental)).toBe("driverTooYoung");
    expect(driverProblem({ ...driver, birthDate: "2010-01-01" }, { ...rental, minDriverAge: null })).toBeNull();
  });
});
