import { languageOr } from "@domain/languages";
import type { User } from "@domain/users";
import type { SessionUser } from "../auth";
import type { StorageUrl } from "../storage";

export function presentUser(user: SessionUser, storageUrl: StorageUrl): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    avatar: storageUrl(user.avatar),
    language: languageOr(user.language, "es"),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
