/** Bureau names start messages to lenders ("the sandbox bureau" -> "The sandbox bureau ..."). */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
