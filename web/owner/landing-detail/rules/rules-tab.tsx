import type { Landing } from "@domain/landings";
import { DomainForm } from "./domain-form";
import { RulesForm } from "./rules-form";

/**
 * The landing's "Reglas y tarifas" tab (issue 10): the rental rules in one form, and the custom
 * domain in a form of its own below it (a separate save: the DNS record is a separate step).
 */
export function RulesTab({ landing }: { landing: Landing }) {
  return (
    <div className="flex flex-col gap-6">
      <RulesForm key={landing.id} landing={landing} />
      <DomainForm key={`domain-${landing.id}`} landing={landing} />
    </div>
  );
}
