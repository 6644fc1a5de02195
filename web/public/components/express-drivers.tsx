import type { DriverInput } from "@domain/counter";
import { DRIVERS_MAX, LICENCE_NUMBER_MAX } from "@domain/drivers";
import type { ExpressView } from "@domain/express";
import { PHOTO_MAX_BYTES } from "@domain/limits";
import { countryOptions } from "@web/lib/countries";
import { photoToSend } from "@web/lib/image-file";
import * as lucide from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { usePage } from "../context";
import type { ExpressWords } from "../i18n/express";
import { callApi } from "../lib/api";
import { focusField } from "../lib/focus-field";
import { buttonPrimary, buttonSecondary, fieldControl, fieldError, fieldLabel } from "../lib/ui";
import { useTypedBeforeHydration } from "../lib/use-typed-before-hydration";
import { keptIcon } from "./icons";

const Camera = keptIcon(lucide.Camera);
const Plus = keptIcon(lucide.Plus);
const Trash2 = keptIcon(lucide.Trash2);

type Driver = Omit<DriverInput, "licence_photo_id"> & { licence_photo_id?: number };

const empty = (): Driver => ({ name: "", licence_number: "", licence_country: "", licence_expiry: "", birth_date: "" });

/** A driver's fields, each with the id `driver-<index>-<field>`. */
const FIELDS = ["name", "licence_number", "licence_country", "licence_expiry", "birth_date"] as const;

type Props = {
  words: ExpressWords;
  /** The express pickup's API path, ending before its own parts ("…/express"), and the link's secret. */
  base: string;
  token: string;
  express: ExpressView;
  firstName: string;
  onSaved: (express: ExpressView) => void;
};

/**
 * The id of the first field the server refused, drivers in order and each's fields in order (a
 * photo has no field to focus: its message is read beside its button).
 */
function firstRefused(count: number, errors: Record<string, string[]>): string | null {
  for (let index = 0; index < count; index++) {
    const field = FIELDS.find((name) => errors[`drivers.${index}.${name}`]?.length);
    if (field) return `driver-${index}-${field}`;
  }
  return null;
}

/**
 * Step 1 of express pickup: each driver and their licence, with a photo taken by the phone's camera
 * (sent at once, shown small). Saved together; the server checks them as the counter would and
 * says what is wrong under each field.
 */
export function ExpressDrivers({ words, base, token, express, firstName, onSaved }: Props) {
  const { data } = usePage();
  const lang = data.language;
  const [drivers, setDrivers] = useState<Driver[]>(() =>
    express.drivers.length > 0 ? express.drivers : [{ ...empty(), name: firstName }],
  );
  // What was typed into the server's fields while the scripts loaded stays.
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (typed) => {
    if (Object.keys(typed).length === 0) return;
    setDrivers((current) =>
      current.map((driver, index) => {
        const kept = { ...driver };
        for (const field of FIELDS) {
          const value = typed[`driver-${index}-${field}`];
          if (typeof value === "string") kept[field] = value;
        }
        return kept;
      }),
    );
  });
  // A country saved before that is no longer current still shows.
  const entered = drivers.map((driver) => driver.licence_country).join(",");
  const countries = useMemo(() => countryOptions(lang, entered.split(",")), [lang, entered]);
  const [photos, setPhotos] = useState(express.photos);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const [failure, setFailure] = useState("");
  const [uploading, setUploading] = useState<number | null>(null);
  const query = `?t=${encodeURIComponent(token)}`;

  const set = (index: number, change: Partial<Driver>) =>
    setDrivers(drivers.map((driver, at) => (at === index ? { ...driver, ...change } : driver)));
  const error = (index: number, field: string) => errors[`drivers.${index}.${field}`]?.[0];

  async function upload(index: number, file: File | undefined) {
    if (!file) return;
    setUploading(index);
    const body = new FormData();
    body.append("kind", "licence");
    // A retake: the photo it replaces is removed unless the saved drivers still name it.
    const replaced = drivers[index]?.licence_photo_id;
    if (replaced !== undefined) body.append("replaces", String(replaced));
    try {
      // A phone's 4,000 px photo goes as about 1 MB: the server keeps at most 1,600 px of it.
      body.append("photo", await photoToSend(file, PHOTO_MAX_BYTES));
      const answer = await callApi<{ photo: ExpressView["photos"][number] }>(`${base}/photos${query}`, lang, {
        method: "POST",
        body,
      });
      if (answer.ok) {
        setPhotos([...photos, answer.body.photo]);
        set(index, { licence_photo_id: answer.body.photo.id });
        setErrors({ ...errors, [`drivers.${index}.licence_photo_id`]: [] });
      } else {
        setErrors({ ...errors, [`drivers.${index}.licence_photo_id`]: answer.errors?.photo ?? [answer.message] });
      }
    } catch {
      setErrors({ ...errors, [`drivers.${index}.licence_photo_id`]: [words.photoFailed] });
    }
    setUploading(null);
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (state === "saving") return;
    setState("saving");
    setFailure("");
    setErrors({});
    try {
      const answer = await callApi<{ message: string; express: ExpressView }>(`${base}/drivers${query}`, lang, {
        method: "PUT",
        body: { drivers },
      });
      if (answer.ok) {
        setState("saved");
        onSaved(answer.body.express);
        return;
      }
      setErrors(answer.errors ?? {});
      setFailure(answer.errors ? words.fixErrors : answer.message || words.failed);
      // The first field refused, in the form's order, is where the traveller goes next.
      const first = firstRefused(drivers.length, answer.errors ?? {});
      if (first) focusField(first);
    } catch {
      setFailure(words.failed);
    }
    setState("idle");
  }

  const photoOf = (id: number | undefined) => photos.find((photo) => photo.id === id);
  return (
    <form
      ref={formRef}
      onSubmit={save}
      noValidate
      className="drivers-form grid gap-5"
      aria-labelledby="express-drivers"
    >
      <div>
        <h2 id="express-drivers" className="text-lg font-semibold cramped:text-base">
          {words.driversTitle}
        </h2>
        <p className="mt-1 text-gray-700">{words.driversBody}</p>
      </div>
      {drivers.map((driver, index) => {
        const photo = photoOf(driver.licence_photo_id);
        const fieldId = (field: string) => `driver-${index}-${field}`;
        const described = (field: string) => (error(index, field) ? `${fieldId(field)}-error` : undefined);
        const field = (name: keyof Driver, label: string, type = "text") => (
          <div>
            <label htmlFor={fieldId(name)} className={fieldLabel}>
              {label}
            </label>
            <input
              id={fieldId(name)}
              type={type}
              className={fieldControl}
              value={String(driver[name] ?? "")}
              autoComplete="off"
              // No licence number is longer: a long paste stops here, not at "Guardar" (a walk's finding).
              maxLength={name === "licence_number" ? LICENCE_NUMBER_MAX : undefined}
              aria-invalid={error(index, name) ? true : undefined}
              aria-describedby={described(name)}
              onChange={(event) => set(index, { [name]: event.target.value })}
            />
            {error(index, name) && (
              <p id={`${fieldId(name)}-error`} className={fieldError}>
                {error(index, name)}
              </p>
            )}
          </div>
        );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a driver has no id until saved.
          <fieldset key={index} className="driver-frame grid gap-4 rounded-xl border border-gray-200 p-4">
            <legend className="px-1 font-semibold">
              {index === 0 ? words.mainDriver : words.additionalDriver(index)}
            </legend>
            {field("name", words.name)}
            <div className="grid gap-4 sm:grid-cols-2">
              {field("licence_number", words.licenceNumber)}
              <div>
                <label htmlFor={fieldId("licence_country")} className={fieldLabel}>
                  {words.licenceCountry}
                </label>
                <select
                  id={fieldId("licence_country")}
                  className={fieldControl}
                  value={driver.licence_country}
                  aria-invalid={error(index, "licence_country") ? true : undefined}
                  aria-describedby={described("licence_country")}
                  onChange={(event) => set(index, { licence_country: event.target.value })}
                >
                  <option value="">{words.chooseCountry}</option>
                  {countries.map((country) => (
                    <option key={country.value} value={country.value}>
                      {country.label}
                    </option>
                  ))}
                </select>
                {error(index, "licence_country") && (
                  <p id={`${fieldId("licence_country")}-error`} className={fieldError}>
                    {error(index, "licence_country")}
                  </p>
                )}
              </div>
              {field("licence_expiry", words.licenceExpiry, "date")}
              {field("birth_date", words.birthDate, "date")}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {photo && <img src={photo.url} alt={words.licencePhoto} className="size-16 rounded-lg object-cover" />}
              <label
                className={`${buttonSecondary} cursor-pointer focus-within:ring-2 focus-within:ring-(--brand) ${uploading === index ? "opacity-60" : ""}`}
              >
                <Camera aria-hidden="true" className="size-5" />
                {uploading === index ? words.uploading : photo ? words.retakePhoto : words.takePhoto}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  className="sr-only"
                  disabled={uploading !== null}
                  onChange={(event) => {
                    void upload(index, event.target.files?.[0]);
                    event.target.value = "";
                  }}
                />
              </label>
            </div>
            {error(index, "licence_photo_id") && <p className={fieldError}>{error(index, "licence_photo_id")}</p>}
            {index > 0 && (
              <div>
                <button
                  type="button"
                  className={`${buttonSecondary} text-red-800`}
                  onClick={() => setDrivers(drivers.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                  {words.removeDriver(index)}
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      {errors.drivers?.[0] && <p className={fieldError}>{errors.drivers[0]}</p>}
      <div className="flex flex-wrap gap-3">
        {drivers.length < DRIVERS_MAX && (
          <button type="button" className={buttonSecondary} onClick={() => setDrivers([...drivers, empty()])}>
            <Plus aria-hidden="true" className="size-5" />
            {words.addDriver}
          </button>
        )}
        <button
          type="submit"
          className={buttonPrimary}
          // While saving it stays focusable (save refuses a second send): focus is not lost.
          aria-disabled={state === "saving" || undefined}
          aria-busy={state === "saving" || undefined}
        >
          {state === "saving" ? words.saving : words.saveDrivers}
        </button>
      </div>
      <p role="status" className="text-sm">
        {state === "saved" && !failure ? <span className="text-green-800">{words.saved}</span> : null}
      </p>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {failure}
        </p>
      )}
    </form>
  );
}
