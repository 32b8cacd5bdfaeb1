// What a service needs to know of the signed-in member it acts for (auth's session user has more).
export interface Member {
  id: string;
  name: string;
}
