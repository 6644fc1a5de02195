import { randomBytes } from "node:crypto";
import { landingRulesInputSchema } from "@domain/rental-rules-schemas";
import { vehicleFieldsSchema } from "@domain/vehicles";
import { count } from "drizzle-orm";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { createLanding, saveLandingRules, setLandingStatus, updateLandingMeta } from "../landings";
import { addLocation } from "../locations";
import { createUser } from "../users";
import { createVehicle } from "../vehicles";
import { demoLogo, demoVehicleArt } from "./artwork";

export const DEMO_EMAIL = "demo@nelly.local";
export const DEMO_LANDING_NAME = "caribe-autos-demo";

const DEMO_TEXTS = {
  // A way to reach the operator, shown on every page of a booking (the call and WhatsApp buttons):
  // a walk found the demo's booking page offered a cancel and nothing else. A 555 number, fictional.
  contact_phone: "+1 809 555 0100",
  whatsapp: "+1 809 555 0100",
  terms:
    "El conductor presenta una licencia de conducir vigente y una tarjeta de crédito a su nombre al recoger el vehículo.\n" +
    "El vehículo se entrega con el tanque lleno y se devuelve igual.\nNo se permite fumar dentro del vehículo.",
  terms_translations: {
    en: {
      terms:
        "At pickup the driver shows a valid driving licence and a credit card in their own name.\n" +
        "The vehicle is handed over with a full tank and comes back the same way.\nNo smoking inside the vehicle.",
    },
  },
  faq: [
    {
      question: "¿Entregan el vehículo en el hotel?",
      answer: "Sí, en Santiago y Punta Cana, sin costo adicional. Indícalo en el comentario de la reserva.",
      translations: {
        en: {
          question: "Do you deliver the vehicle to my hotel?",
          answer: "Yes, in Santiago and Punta Cana, at no extra cost. Say so in the booking's comment.",
        },
      },
    },
  ],
};

const VEHICLES = [
  {
    art: ["#0ea5e9", "#0369a1", "sedan"],
    fields: {
      name: "Toyota Corolla 2024",
      description: "Sedán económico y cómodo, ideal para moverse por la ciudad.",
      translations: { en: { description: "Comfortable, economical sedan, ideal for getting around the city." } },
      price: "45",
      luggage: "2",
      people: "5",
      type_of_car: "sedan",
      transmision: "automatic",
      brand: "Toyota",
      units: "3",
      bluetooth: "1",
      automatic: "1",
      apple_car: "1",
    },
  },
  {
    art: ["#f97316", "#c2410c", "suv"],
    fields: {
      name: "Hyundai Tucson 2024",
      description: "SUV espaciosa para la familia, con GPS y mucho espacio para maletas.",
      translations: { en: { description: "Roomy family SUV with GPS and plenty of space for luggage." } },
      price: "75",
      luggage: "4",
      people: "5",
      type_of_car: "suv",
      transmision: "automatic",
      brand: "Hyundai",
      units: "2",
      bluetooth: "1",
      gps: "1",
      automatic: "1",
    },
  },
  {
    art: ["#10b981", "#047857", "van"],
    fields: {
      name: "Toyota Hiace 2023",
      description: "Van de 10 pasajeros para grupos y excursiones por la isla.",
      translations: { en: { description: "10-seat van for groups and trips around the island." } },
      price: "120",
      luggage: "8",
      people: "10",
      type_of_car: "van",
      transmision: "manual",
      brand: "Toyota",
      units: "1",
      bluetooth: "1",
    },
  },
] as const;

/**
 * On a first start of the embedded database (no owner yet), creates a demo owner with a published
 * landing, three vehicles and three pickup/return pairs, so `npm start` shows a working product. Answers the
 * credentials to print, or null when the database already had owners.
 */
export async function seedDemo(deps: AppDeps): Promise<{ email: string; password: string; landing: string } | null> {
  const [existing] = await deps.db.select({ owners: count() }).from(users);
  if ((existing?.owners ?? 0) > 0) return null;

  const password = randomBytes(9).toString("base64url");
  const owner = await createUser(deps.db, { name: "Caribe Autos", email: DEMO_EMAIL, password });
  const { landing } = await createLanding(
    deps,
    owner.id,
    {
      display_name: "Caribe Autos",
      name: DEMO_LANDING_NAME,
      color_primary: "#0f766e",
      color_secondary: "#f59e0b",
      default_language: "es",
    },
    await demoLogo(),
  );
  const described = await updateLandingMeta(
    deps,
    owner.id,
    landing.id,
    {
      version: landing.version,
      meta_title: "Caribe Autos | Alquiler de vehículos en República Dominicana",
      meta_description: "Reserva sedanes, SUVs y vans en Santiago, La Romana y Punta Cana. Precio claro por día.",
      meta_keywords: "alquiler de autos, rent a car, santiago, la romana, punta cana",
      og_title: "Caribe Autos",
      og_description: "Alquila tu vehículo en minutos.",
      robots: "index, follow",
      canonical_url: "",
      translations: {
        en: {
          meta_title: "Caribe Autos | Car rental in the Dominican Republic",
          meta_description: "Book sedans, SUVs and vans in Santiago, La Romana and Punta Cana. A clear price per day.",
          og_description: "Rent your vehicle in minutes.",
        },
      },
    },
    {},
  );
  // The conditions and questions a real operator writes, so the FAQ and the review show them.
  await saveLandingRules(
    deps,
    owner.id,
    landing.id,
    landingRulesInputSchema.parse({ version: described.landing.version, ...DEMO_TEXTS }),
  );
  for (const { art, fields } of VEHICLES) {
    const input = vehicleFieldsSchema.parse(fields);
    await createVehicle(deps, owner.id, landing.id, input, [await demoVehicleArt(art[0], art[1], art[2])]);
  }
  // A round trip at Santiago, the one-way trip to La Romana, and a round trip at Punta Cana.
  await addLocation(deps.db, owner.id, landing.id, { place_of_departure: "Santiago", arrival_place: "Santiago" });
  await addLocation(deps.db, owner.id, landing.id, { place_of_departure: "Santiago", arrival_place: "La Romana" });
  await addLocation(deps.db, owner.id, landing.id, { place_of_departure: "Punta Cana", arrival_place: "Punta Cana" });
  await setLandingStatus(deps, owner.id, landing.id, "published");
  return { email: DEMO_EMAIL, password, landing: landing.name };
}
