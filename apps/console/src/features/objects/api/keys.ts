export const objectKeys = {
  all: (client: number) => ["objects", client] as const,
  detail: (client: number, name: string) => [...objectKeys.all(client), "detail", name] as const,
};
