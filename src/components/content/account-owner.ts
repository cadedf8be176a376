/** Whose answers a read gets: the account type and the token it reads with (kept-answers.ts). */
export const ownerOf = (s: { userAccountType: string; userToken: string }): string =>
  `${s.userAccountType}|${s.userToken}`;
