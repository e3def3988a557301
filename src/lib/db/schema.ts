// Every table, for drizzle-kit and for code that spans features (user deletion, export).
export * from '../../features/users/schema'
export * from '../../features/auth/schema'
export * from '../../features/clipboard/schema'
export * from '../../features/check-in/schema'
export * from '../../features/friends/schema'
export * from '../../features/chatbot/schema'
export * from '../../features/export/schema'
export * from '../../features/libraries/schema'
