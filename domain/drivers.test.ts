import { describe, expect, it } from "vitest";
import { driverProblems, licenceProblem, minimumDriverAge } from "./drivers";

const rental = { pickupDate: "2027-03-10", returnDate: "2027-03-14", minDriverAge: 25 };
const driver = { licenceExpiry: "2029-01-01", birthDate: "1990-06-15" };

describe("a driver at check-out (issue 28.2)", () => {
  it("may drive with a licence valid through the return and the age the rule asks", () => {
    expect(driverProblems(driver, rental)).toEqual([]);
    expect(driverProblems({ ...driver, licenceExpiry: "2027-03-14" }, rental)).toEqual([]);
    expect(driverProblems({ ...driver, birthDate: "2002-03-10" }, rental)).toEqual([]);
  });

  it("is refused with a licence expired or expiring before the return", () => {
    expect(driverProblems({ ...driver, licenceExpiry: "2027-03-09" }, rental)).toEqual(["licenceExpired"]);
    expect(driverProblems({ ...driver, licenceExpiry: "2027-03-10" }, rental)).toEqual(["licenceExpiresBeforeReturn"]);
    expect(driverProblems({ ...driver, licenceExpiry: "2027-03-13" }, rental)).toEqual(["licenceExpiresBeforeReturn"]);
  });

  it("is refused under the minimum age on the pickup date", () => {
    expect(driverProblems({ ...driver, birthDate: "2002-03-11" }, rental)).toEqual(["driverTooYoung"]);
  });

  it("says a licence's problem and an age's together", () => {
    expect(driverProblems({ licenceExpiry: "2027-03-10", birthDate: "2002-03-11" }, rental)).toEqual([
      "licenceExpiresBeforeReturn",
      "driverTooYoung",
    ]);
  });

  it("without an age rule, is refused only under 16 on the pickup date", () => {
    const noRule = { ...rental, minDriverAge: null };
    expect(minimumDriverAge(noRule)).toBe(16);
    expect(driverProblems({ ...driver, birthDate: "2011-03-10" }, noRule)).toEqual([]);
    expect(driverProblems({ ...driver, birthDate: "2011-03-11" }, noRule)).toEqual(["driverTooYoung"]);
    expect(driverProblems({ ...driver, birthDate: "2016-01-01" }, noRule)).toEqual(["driverTooYoung"]);
  });
});

describe("licenceProblem", () => {
  const rental = { pickupDate: "2027-03-02", returnDate: "2027-03-05" };
  it("says whether a licence runs out before the pickup, before the return, or not at all", () => {
    expect(licenceProblem("2027-03-01", rental)).toBe("licenceExpired");
    expect(licenceProblem("2027-03-02", rental)).toBe("licenceExpiresBeforeReturn");
    expect(licenceProblem("2027-03-04", rental)).toBe("licenceExpiresBeforeReturn");
    expect(licenceProblem("2027-03-05", rental)).toBeNull();
  });
});
