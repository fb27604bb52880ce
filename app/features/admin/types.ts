/** The back office's records as the API sends them (spec 001 section 3 field names). */
export type ContactSubmission = {
  _id: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  insuranceType: string;
  message: string;
  createdAt: string;
};

export type ConversationMessage = { _id: string; role: string; content: string; createdAt: string };

export type ChatbotConversation = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  updatedAt: string;
  conversation: ConversationMessage[];
};
