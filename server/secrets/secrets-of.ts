import type { Config } from "../config";
import { openSecrets, type Secrets } from "./secrets";

const opened = new WeakMap<Config, Secrets>();

/**
 * The secrets of a configuration, opened on first use: they follow from the configuration alone
 * (the key, or the data folder's key file), so every app and script built on one configuration
 * shares them.
 */
export function secretsOf(config: Config): Secrets {
  let secrets = opened.get(config);
  if (!secrets) {
    secrets = openSecrets({ key: config.secretsKey, previous: config.previousSecretsKeys, dataDir: config.dataDir });
    opened.set(config, secrets);
  }
  return secrets;
}
