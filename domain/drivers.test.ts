import { describe, expect, it } from "vitest";
import { driverProblem, minimumDriverAge } from "./drivers";

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

  it("is refused under the minimum age on the pickup date", () => {
    expect(driverProblem({ ...driver, birthDate: "2002-03-11" }, rental)).toBe("driverTooYoung");
  });

  it("without an age rule, is refused only under 16 on the pickup date", () => {
    const noRule = { ...rental, minDriverAge: null };
    expect(minimumDriverAge(noRule)).toBe(16);
    expect(driverProblem({ ...driver, birthDate: "2011-03-10" }, noRule)).toBeNull();
    expect(driverProblem({ ...driver, birthDate: "2011-03-11" }, noRule)).toBe("driverTooYoung");
    expect(driverProblem({ ...driver, birthDate: "2016-01-01" }, noRule)).toBe("driverTooYoung");
  });
});
