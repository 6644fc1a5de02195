import { DEFAULT_PAYMENT_SETTINGS, presentPublicPayment } from "@domain/payments";
import { DEFAULT_LANDING_RULES, DEFAULT_VEHICLE_RULES } from "@domain/rental-rules";
import type { CustomerReservation } from "@domain/reservations";
import type { PublicVehicle } from "@domain/vehicles";
import type { PublicPageData } from "../types";

/** A sample landing for the public pages' tests (never imported by the pages themselves). */
const image = (id: number) => ({
  id,
  path_images: `/storage/vehicles/${id}-960.webp`,
  position: id,
  width: 1600,
  height: 1200,
  srcset: `/storage/vehicles/${id}-480.webp 480w, /storage/vehicles/${id}-960.webp 960w, /storage/vehicles/${id}-1600.webp 1600w`,
});

const vehicle = (fields: Partial<PublicVehicle> & Pick<PublicVehicle, "id" | "name">): PublicVehicle => ({
  id_landing: 1,
  description: "",
  price: 45,
  price_cents: 4500,
  luggage: 2,
  people: 5,
  type_of_car: "sedan",
  transmision: "automatic",
  brand: "Toyota",
  bluetooth: false,
  siriusxm: false,
  gps: false,
  automatic: true,
  apple_car: false,
  features: [],
  special_features: [],
  images: [],
  rules: DEFAULT_VEHICLE_RULES,
  ...fields,
});

export const SAMPLE_VEHICLES: PublicVehicle[] = [
  vehicle({
    id: 11,
    name: "Toyota Corolla 2024",
    description: "Sedán económico <b>y</b> cómodo.",
    bluetooth: true,
    apple_car: true,
    // As an English page gets it with no English written for it (server/public/presenter.ts).
    special_features: [
      {
        id: 1,
        name: "Asientos calefactables",
        description: "Para las mañanas frías.",
        untranslated: { name: "es", description: "es" },
      },
    ],
    features: [{ name: "color", value: "Azul" }],
    images: [image(1), image(2), image(3)],
  }),
  vehicle({
    id: 12,
    name: "Hyundai Tucson 2024",
    price: 75,
    price_cents: 7500,
    luggage: 4,
    type_of_car: "suv",
    brand: "Hyundai",
    gps: true,
    special_features: [
      { id: 1, name: "Asientos calefactables", description: "" },
      { id: 2, name: "Techo solar", description: "" },
    ],
    images: [image(4)],
  }),
  vehicle({
    id: 13,
    name: "Toyota Hiace 2023",
    price: 120,
    price_cents: 12000,
    luggage: 8,
    people: 10,
    type_of_car: "van",
    transmision: "manual",
    automatic: false,
  }),
  vehicle({ id: 14, name: "Kia Picanto", price: 30.5, price_cents: 3050, people: 4, luggage: 1, brand: "Kia" }),
];

export const SAMPLE_LANDING: PublicPageData["landing"] = {
  id: 1,
  name: "caribe-autos",
  display_name: "Caribe Autos & Co",
  public_url: "https://book.example.com/caribe-autos",
  logo: "/storage/logos/logo.webp",
  favicon_sizes: {},
  color_primary: "#0f766e",
  color_secondary: "#f59e0b",
  default_language: "es",
  meta_title: "Caribe Autos | Alquiler de vehículos",
  meta_description: "Reserva sedanes y SUVs en Santiago.",
  meta_keywords: "",
  og_title: "",
  og_description: "",
  og_image: null,
  robots: "index, follow",
  canonical_url: "",
  time_zone: "America/Santo_Domingo",
  currency: "USD",
  tax_label: "ITBIS",
  tax_rate: 18,
  addons: [
    { id: 21, name: "Exención de daños por colisión", price: 12, price_cents: 1200, kind: "coverage", max_quantity: 1 },
    {
      id: 22,
      name: "Cobertura de efectos personales",
      price: 12,
      price_cents: 1200,
      kind: "coverage",
      max_quantity: 1,
    },
    { id: 23, name: "Silla de bebé", price: 8.5, price_cents: 850, kind: "child_seat", max_quantity: 3 },
  ],
  locations: [
    { id: 3, place_of_departure: "Santiago", arrival_place: "Santiago", one_way_fee_cents: 0 },
    { id: 1, place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 0 },
    { id: 2, place_of_departure: "Punta Cana", arrival_place: "Punta Cana", one_way_fee_cents: 0 },
  ],
  rules: DEFAULT_LANDING_RULES,
  places: [],
  payment: presentPublicPayment(DEFAULT_PAYMENT_SETTINGS),
  content_version: 1,
  vehicles: SAMPLE_VEHICLES,
};

export const SAMPLE_TODAY = "2027-03-01";
/** A valid search: 2027-03-02 10:00 to 2027-03-05 10:00 (3 days) at Santiago for 2. */
export const SAMPLE_SEARCH = {
  pickup: "Santiago",
  from: "2027-03-02",
  fromTime: "10:00",
  to: "2027-03-05",
  toTime: "10:00",
  seats: "2",
};

export function samplePage(overrides: Partial<PublicPageData> = {}): PublicPageData {
  return {
    page: { kind: "home" },
    landing: SAMPLE_LANDING,
    language: "es",
    query: {},
    today: SAMPLE_TODAY,
    availability: null,
    reservation: null,
    express: null,
    siteUrl: "https://book.example.com/caribe-autos",
    basePath: "/caribe-autos",
    preview: false,
    ...overrides,
  };
}

/** A reservation of the Corolla, Santiago -> La Romana, for the thank-you and customer pages. */
export const SAMPLE_RESERVATION: CustomerReservation & { token: string; pickup_passed: boolean } = {
  id: 5,
  reference: "NLY-ABC234",
  status: "pending",
  id_landing: 1,
  name_landing: "caribe-autos",
  id_vehicle: 11,
  vehicle: { name: "Toyota Corolla 2024", image: null },
  place_of_departure: "Santiago",
  arrival_place: "La Romana",
  date_of_departure: "2027-03-02",
  time_of_departure: "10:00",
  date_of_arrival: "2027-03-05",
  time_of_arrival: "10:00",
  pickup_at: "2027-03-02T14:00:00.000Z",
  return_at: "2027-03-05T14:00:00.000Z",
  number_person: 2,
  number_bag: 0,
  name: "Ana <script>",
  last_name: "Pérez",
  email: "ana@example.com",
  phone: "809 555 0101",
  description: "",
  addons: [{ id: 21, name: "Exención de daños por colisión", price_cents: 1200, quantity: 1, total_cents: 3600 }],
  days: 3,
  price_per_day_cents: 4500,
  rental_lines: [{ season: null, days: 3, price_per_day_cents: 4500, total_cents: 13500 }],
  rental_cents: 13500,
  discount_rate: 0,
  discount_cents: 0,
  fees: [],
  fees_cents: 0,
  deposit_cents: 0,
  driver_birth_date: null,
  addons_cents: 3600,
  adjustment_cents: 0,
  subtotal_cents: 17100,
  tax_label: "ITBIS",
  tax_rate: 18,
  tax_cents: 3078,
  total_cents: 20178,
  total_price: 201.78,
  currency: "USD",
  cancellation_fee_cents: null,
  cancellation_fee_kept_cents: null,
  version: 1,
  cancelled_by: null,
  payment: null,
  confirmed_at: null,
  express_completed_at: null,
  source: "public",
  language: "es",
  price_override: null,
  cancellation_policy: { late_fee_cents: 20000, early_fee_cents: 10000, window_hours: 24 },
  created_at: "2027-03-01T12:00:00.000Z",
  updated_at: "2027-03-01T12:00:00.000Z",
  token: "secret-token",
  pickup_passed: false,
};

/**
 * The sample landing with rental rules (issue 10): 3 days minimum (the Tucson 5), 10 % from 7 days,
 * drivers under 25 pay US$10 a day, Santiago closed on Sundays and open 08:00-18:00, a US$25
 * one-way fee Santiago -> La Romana, high season for the Corolla from 4 March with a US$300
 * deposit, a phone and a WhatsApp number, and its own cancellation fees.
 */
export const SAMPLE_RULED_LANDING: PublicPageData["landing"] = {
  ...SAMPLE_LANDING,
  rules: {
    ...DEFAULT_LANDING_RULES,
    min_days: 3,
    week_discount_bp: 1000,
    young_driver_age: 25,
    young_driver_fee_cents: 1000,
    cancellation_late_fee_cents: 15000,
    cancellation_early_fee_cents: 5000,
    cancellation_window_hours: 48,
    contact_phone: "+1 (809) 555-0101",
    whatsapp: "+1 809 555 0199",
  },
  locations: [
    { id: 3, place_of_departure: "Santiago", arrival_place: "Santiago", one_way_fee_cents: 0 },
    { id: 1, place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 2500 },
    { id: 2, place_of_departure: "Punta Cana", arrival_place: "Punta Cana", one_way_fee_cents: 0 },
  ],
  places: [
    {
      place: "Santiago",
      hours: [null, ...Array.from({ length: 6 }, () => ({ open: "08:00", close: "18:00" }))],
      after_hours_fee_cents: null,
    },
  ],
  vehicles: SAMPLE_VEHICLES.map((found) => {
    if (found.id === 11) {
      return {
        ...found,
        rules: {
          ...DEFAULT_VEHICLE_RULES,
          deposit_cents: 30000,
          seasons: [{ name: "Temporada alta", from: "2027-03-04", to: "2027-03-31", price_cents: 9000 }],
        },
      };
    }
    return found.id === 12 ? { ...found, rules: { ...DEFAULT_VEHICLE_RULES, min_days: 5 } } : found;
  }),
};
