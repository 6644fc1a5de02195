import type { Landing } from "@domain/landings";
import { CounterRulesForm } from "./counter-rules-form";
import { DocumentSettingsForm } from "./document-settings-form";
import { DomainForm } from "./domain-form";
import { RulesForm } from "./rules-form";

/**
 * The landing's "Reglas y tarifas" tab (issue 10): the rental rules in one form, the counter's
 * (issue 28) and the custom domain each in a form of its own below it, each with its own save.
 */
export function RulesTab({ landing }: { landing: Landing }) {
  return (
    <div className="flex flex-col gap-6">
      <RulesForm key={landing.id} landing={landing} />
      <CounterRulesForm key={`counter-${landing.id}`} landing={landing} />
      <DocumentSettingsForm key={`documents-${landing.id}`} landing={landing} />
      <DomainForm key={`domain-${landing.id}`} landing={landing} />
    </div>
  );
}
