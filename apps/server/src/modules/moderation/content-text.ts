/**
 * The text a moderator judges, the same way for the snapshot kept with a report and for the
 * current text the case shows beside it (so the two compare line for line).
 */

/** A post: its title, then its body. */
export function postText(post: { title: string; body: string | null }): string {
  return post.body ? `${post.title}\n\n${post.body}` : post.title;
}

/** An account: name and @username, then the bio. */
export function userText(user: { name: string; username: string; bio: string | null }): string {
  const head = `${user.name} (@${user.username})`;
  return user.bio ? `${head}\n\n${user.bio}` : head;
}

/** A shop item: its name, then its about text. */
export function shopItemText(item: { name: string; about: string | null }): string {
  return item.about ? `${item.name}\n\n${item.about}` : item.name;
}

/** A short excerpt for notifications and audit labels. */
export function excerptOf(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
